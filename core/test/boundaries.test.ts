import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// core runs in browsers and in Node: its source may import neither frameworks nor built-ins.
const FORBIDDEN_IMPORTS =
  /from\s+['"](react|react-dom|ink|fastify|node:[^'"]+|fs|path|os|crypto|http|https|child_process)(\/[^'"]*)?['"]/;
const FORBIDDEN_GLOBALS =
  /\b(window|document|localStorage|sessionStorage|navigator|process|Buffer|require)\s*[.([]/;

describe('core boundaries', () => {
  const root = join(import.meta.dirname, '..', 'src');
  const files = globSync('**/*.ts', { cwd: root, exclude: (name) => name.endsWith('.test.ts') }).map((file) =>
    join(root, file),
  );

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('imports no React, Ink, server library or Node built-in, and touches no DOM or Node global', () => {
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const problems: string[] = [];
      const imported = FORBIDDEN_IMPORTS.exec(text);
      if (imported) problems.push(`${relative(root, file)}: imports ${imported[1]}`);
      const global = FORBIDDEN_GLOBALS.exec(text);
      if (global) problems.push(`${relative(root, file)}: uses ${global[1]}`);
      return problems;
    });
    expect(offenders).toEqual([]);
  });

  it('the check itself catches an offender', () => {
    expect(FORBIDDEN_IMPORTS.test("import { useState } from 'react';")).toBe(true);
    expect(FORBIDDEN_IMPORTS.test("import { readFile } from 'node:fs';")).toBe(true);
    expect(FORBIDDEN_GLOBALS.test('localStorage.getItem(x)')).toBe(true);
    expect(FORBIDDEN_IMPORTS.test("import { Effect } from 'effect';")).toBe(false);
  });
});
