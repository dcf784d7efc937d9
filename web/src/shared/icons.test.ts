import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as icons from './icons.ts';

const require = createRequire(import.meta.url);

/** `arrowClockwise` → `arrow-clockwise`, the package's file name. */
const fileName = (name: string) =>
  name.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`).replace(/-(\d)/g, '$1');

describe('inline icons', () => {
  it('draw exactly the paths of the bootstrap-icons package', () => {
    const entries = Object.entries(icons);
    expect(entries.length).toBeGreaterThan(30);
    for (const [name, shape] of entries) {
      const svg = readFileSync(require.resolve(`bootstrap-icons/icons/${fileName(name)}.svg`), 'utf8');
      const paths = [...svg.matchAll(/<path( fill-rule="evenodd")? d="([^"]*)"\/>/g)].map((m) =>
        m[1] === undefined ? m[2] : { evenodd: m[2] },
      );
      expect(shape, name).toEqual(paths);
    }
  });
});
