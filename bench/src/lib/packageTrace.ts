/**
 * Loaded with `node --import` by `bench cli`: records which npm packages a command loaded and
 * writes them, at exit, to `BENCH_TRACE_FILE` (a JSON object). A package counts as loaded when a
 * module of it was resolved from node_modules, or when a module of it inside the CLI's bundle ran
 * (each says so to `Symbol.for('extranet.trace')`, `cli/scripts/bundle.ts`): the bundle is one
 * file, whose modules run on their first import. Node's own `fetch` (undici, loaded by the first
 * `fetch`, `Request` or `Response`) counts as `undici`. A command that loads a library it does not
 * use (an import chain dragging Effect into `--help`) fails its goal.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const packages = new Set<string>();
let bundled = false;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (name !== undefined) packages.add(name);
    return resolved;
  },
});
(globalThis as Record<symbol, unknown>)[Symbol.for('extranet.trace')] = (name: string) => {
  bundled = true;
  packages.add(name);
};
process.on('exit', () => {
  const file = process.env.BENCH_TRACE_FILE;
  const internal = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
  if (internal.some((name) => name.includes('internal/deps/undici/undici'))) packages.add('undici');
  if (file) writeFileSync(file, JSON.stringify({ bundled, packages: [...packages].sort() }));
});
