import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET, initialBundle } from '../scripts/bundleSize.ts';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

interface Chunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/** The build's manifest (vite.config.ts `manifest: true`): each chunk and its static imports. */
const manifest = (): Record<string, Chunk> =>
  JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The files a screen loads before anything lazy: its chunk and every static import, transitively. */
const staticClosure = (chunks: Record<string, Chunk>, roots: readonly string[]): string[] => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of chunks[key]?.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return [...seen].map((key) => chunks[key]!.file);
};

/** Markers found only in the AG Grid and rich-text editor code (checked against their chunks). */
const GRID = 'ag-root-wrapper';
const EDITOR = 'ProseMirror';

/** The sign-in page's initial JavaScript stays under 300 KB gzipped (the grid is lazy). */
describe('bundle size', () => {
  it('keeps the initial JavaScript under budget and the grid out of it', () => {
    const size = initialBundle(DIST);
    expect(size.files.length).toBeGreaterThan(0);
    expect(size.jsGzip).toBeLessThan(INITIAL_JS_BUDGET);
    expect(size.files.some((file) => /DataGrid|ag-grid/i.test(file.name))).toBe(false);
  });

  // AG Grid, the editor and the admin screens arrive with the routes that use them.
  it('leaves AG Grid, the editor and the admin screens out of the sign-in and home pages', () => {
    const chunks = manifest();
    const code = (files: readonly string[]) =>
      files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    const first = staticClosure(chunks, ['index.html', 'src/features/home/HomePage.tsx']);
    expect(first.length).toBeGreaterThan(2);
    const firstCode = code(first.filter((f) => f.endsWith('.js')));
    expect(firstCode).not.toContain(GRID);
    expect(firstCode).not.toContain(EDITOR);
    const admin = Object.keys(chunks).filter((key) => key.startsWith('src/features/admin/'));
    expect(admin.length).toBeGreaterThan(3);
    for (const key of admin) expect(first).not.toContain(chunks[key]!.file);
    // The markers are real: the build's other chunks (the lazy grid and editor) hold them.
    const all = code(
      Object.values(chunks)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js')),
    );
    expect(all).toContain(GRID);
    expect(all).toContain(EDITOR);
  });

  // core is side-effect free (core/package.json `sideEffects: false`): the bundler keeps the
  // machines and schemas a page uses, not every export of core's barrel.
  it('keeps the list, statement and user-admin machines out of the sign-in page', () => {
    const chunks = manifest();
    const first = staticClosure(chunks, ['index.html']).filter((f) => f.endsWith('.js'));
    const firstCode = first.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    const machine = (id: string) => new RegExp(`createMachine\\(\\{id:[\`"']${id}[\`"']`);
    for (const id of ['userAdmin', 'statementDetail', 'listQuery'])
      expect(firstCode, id).not.toMatch(machine(id));
    const all = Object.values(chunks)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(DIST, f), 'utf8'))
      .join('\n');
    for (const id of ['userAdmin', 'statementDetail', 'listQuery']) expect(all).toMatch(machine(id));
  });

  // French is the default: the English resources are a chunk of their own, fetched only when
  // English is chosen (web/src/shared/i18n.ts).
  it('leaves the English resources out of the sign-in and home pages', () => {
    const chunks = manifest();
    const read = (files: readonly string[]) =>
      files
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(join(DIST, f), 'utf8'))
        .join('\n');
    const first = read(staticClosure(chunks, ['index.html', 'src/features/home/HomePage.tsx']));
    // The same message in both languages (core/src/i18n/{fr,en}/global.ts).
    expect(first).toContain('Serveur injoignable');
    expect(first).not.toContain('Server not reachable');
    expect(read(Object.values(chunks).map((c) => c.file))).toContain('Server not reachable');
  });

  // Icons are inline SVG (web/src/shared/Icon.tsx): no icon font, nor its stylesheet, to download.
  it('ships no icon font', () => {
    const chunks = manifest();
    const files = Object.values(chunks).flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]);
    expect(files.filter((f) => /\.(?:woff2?|ttf|eot)$/.test(f))).toEqual([]);
    const css = (chunks['index.html']?.css ?? []).map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    expect(css.length).toBeGreaterThan(0);
    expect(css).not.toContain('@font-face');
    expect(css).not.toContain('.bi-');
  });

  // The list screens ask for the grid's chunk with their own (web/src/app/AppRoutes.tsx
  // `gridPage`), so the two downloads overlap: the entry holds the grid as a dynamic import.
  it('lets the list routes request the grid with their own chunk', () => {
    const chunks = manifest();
    expect(chunks['index.html']?.dynamicImports).toContain('src/features/lists/DataGrid.tsx');
    expect(chunks['index.html']?.dynamicImports).toContain('src/features/lists/PolicyListPage.tsx');
  });

  // The sign-in dialog (and react-bootstrap's Modal and Form with it) is fetched when it first
  // opens (web/src/layout/Layout.tsx), not with the page.
  it('leaves the sign-in dialog out of the first load', () => {
    const chunks = manifest();
    const first = staticClosure(chunks, ['index.html', 'src/features/home/HomePage.tsx']);
    const dialog = chunks['src/features/auth/SignInModal.tsx'];
    expect(dialog).toBeDefined();
    expect(first).not.toContain(dialog!.file);
  });

  it('ships a brotli and a gzip copy of every script, stylesheet and the page', () => {
    const chunks = manifest();
    const first = [
      ...staticClosure(chunks, ['index.html']),
      ...(chunks['index.html']?.css ?? []),
      'index.html',
    ];
    expect(first.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of first.filter((f) => readFileSync(join(DIST, f)).length >= 1024)) {
      expect(existsSync(join(DIST, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(join(DIST, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});
