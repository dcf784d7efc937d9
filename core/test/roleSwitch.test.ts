import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Who may see or open what is decided by core's permissions (`canAccess`, `features()`,
// `NAV_ENTRIES`); the web and the CLI ask it and never name a role themselves.
const ROLE = /ROLE_/;
const repo = join(import.meta.dirname, '..', '..');

const productSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('one role switch', () => {
  const files = ['web/src', 'cli/src'].flatMap((dir) => productSources(join(repo, dir)));

  it('finds the web and CLI sources', () => {
    expect(files.some((file) => file.endsWith('AppNavbar.tsx'))).toBe(true);
    expect(files.some((file) => file.endsWith(join('users', 'list.ts')))).toBe(true);
  });

  it('names no role in web or CLI code outside tests', () => {
    const offenders = files
      .filter((file) => ROLE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repo, file));
    expect(offenders).toEqual([]);
  });

  it('the check itself catches an offender', () => {
    expect(ROLE.test("can(account, 'ROLE_ADMIN')")).toBe(true);
  });
});

// A screen re-renders when what it shows changes: it selects its machine's context, tags or a
// derived value (`useActorContext`, `useTags`), never the whole snapshot.
const WHOLE_SNAPSHOT = /useSelector\(\s*\w+\s*,\s*\(?(\w+)\)?\s*=>\s*\1\s*\)/;

describe('screens select the slice they render', () => {
  const files = productSources(join(repo, 'web/src'));

  it('no web component selects the whole snapshot', () => {
    const offenders = files
      .filter((file) => WHOLE_SNAPSHOT.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repo, file));
    expect(offenders).toEqual([]);
  });

  it('the check itself catches an offender, and lets a slice through', () => {
    expect(WHOLE_SNAPSHOT.test('const state = useSelector(actor, (s) => s);')).toBe(true);
    expect(WHOLE_SNAPSHOT.test('useSelector(actor, state => state)')).toBe(true);
    expect(WHOLE_SNAPSHOT.test('useSelector(actor, (s) => s.context)')).toBe(false);
    expect(WHOLE_SNAPSHOT.test('useSelector(actor, tabIndex)')).toBe(false);
  });
});
