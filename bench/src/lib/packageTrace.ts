/**
 * Loaded with `node --import` by `bench cli`: records which npm packages a command loaded and
 * writes them, at exit, to `BENCH_TRACE_FILE` (a JSON object). A package counts as loaded when a
 * module of it was resolved from node_modules, or when a chunk of the CLI's bundle holding it was
 * (`cli/dist/packages.json`, written by the bundle). Node's own `fetch` (undici, loaded by the
 * first `fetch`, `Request` or `Response`) counts as `undici`. A command that loads a library it
 * does not use (an import chain dragging Effect into `--help`) fails its goal.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const packages = new Set<string>();
let bundled = false;
let chunks: Record<string, string[]> | undefined;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (name !== undefined) packages.add(name);
    const chunk = /\/cli\/dist\/([^/]+\.js)$/.exec(resolved.url);
    if (chunk) {
      bundled = true;
      chunks ??= JSON.parse(readFileSync(new URL('packages.json', resolved.url), 'utf8')) as Record<
        string,
        string[]
      >;
      for (const held of chunks[chunk[1]!] ?? []) packages.add(held);
    }
    return resolved;
  },
});
process.on('exit', () => {
  const file = process.env.BENCH_TRACE_FILE;
  const internal = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
  if (internal.some((name) => name.includes('internal/deps/undici/undici'))) packages.add('undici');
  if (file) writeFileSync(file, JSON.stringify({ bundled, packages: [...packages].sort() }));
});
