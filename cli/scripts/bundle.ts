/**
 * `npm run bundle -w @extranet/cli` (run by `npm install` / `npm ci` at the root): the CLI and the
 * parts of core and Effect it uses, as a few ES modules in `cli/dist/`, one chunk per lazily
 * loaded command. Loading Effect's ~600 small files one by one costs a command 300–800 ms of CPU
 * in module resolution; the same code as one chunk costs a tenth of that.
 *
 * `dist/inputs.json` lists every source file of the repository that went in, with its size and
 * modification time: the bin (`bin/extranet.js`) runs the bundle only while all of them are
 * unchanged, and the TypeScript sources otherwise, so an edit is never hidden by an old bundle.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const cli = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(cli, '..');
const dist = join(cli, 'dist');
// Built beside, then swapped in: a command started meanwhile reads either bundle, never half of one.
const next = `${dist}.${process.pid}`;

// Loaded by the interactive prompts and `import --local` only, left to Node's resolution: Ink and
// React (and Yoga's WebAssembly), the server.
const external = [/^ink(\/|$)/, /^react(\/|$)/, /^yoga-layout/, /^@extranet\/server(\/|$)/, /^qrcode(\/|$)/];

// Effect's Schema imports fast-check (1.4 MB) for `Arbitrary`, which builds test data: no command
// does, so the bundle gets an empty module in its place (a command calling `Arbitrary` would fail).
const FAST_CHECK = '\0fast-check-left-out';
const leaveOutFastCheck = {
  name: 'leave-out-fast-check',
  resolveId: (id: string) => (id === 'fast-check' ? FAST_CHECK : null),
  load: (id: string) => (id === FAST_CHECK ? 'export {};' : null),
};

const bundle = await rolldown({
  input: join(cli, 'src/main.ts'),
  platform: 'node',
  external,
  plugins: [leaveOutFastCheck],
  cwd: root,
  logLevel: 'warn',
  onLog: (level, log, handler) => {
    // Effect's `Arbitrary` reads fast-check's functions, now left out: expected, not a warning.
    if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('FastCheck.js')) return;
    handler(level, log);
  },
});
const { output } = await bundle.write({
  dir: next,
  format: 'esm',
  entryFileNames: 'main.js',
  chunkFileNames: '[name]-[hash].js',
});
await bundle.close();

const sources = new Set<string>([join(root, 'package-lock.json'), join(cli, 'bin/extranet.js')]);
// Which npm packages each chunk holds: `bench cli` reads it to tell which libraries a command
// loaded, since a bundled library is no longer resolved from node_modules.
const packages: Record<string, string[]> = {};
for (const chunk of output) {
  if (chunk.type !== 'chunk') continue;
  const held = new Set<string>();
  for (const id of chunk.moduleIds) {
    // The innermost package (`effect/node_modules/fast-check` is fast-check).
    const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
    if (name !== undefined) held.add(name);
    else if (!id.startsWith('\0')) sources.add(id);
  }
  packages[chunk.fileName] = [...held].sort();
}
writeFileSync(join(next, 'packages.json'), JSON.stringify(packages));
const inputs = [...sources].sort().map((file) => {
  const stat = statSync(file);
  return [relative(cli, file), stat.size, stat.mtimeMs] as const;
});
writeFileSync(join(next, 'inputs.json'), JSON.stringify(inputs));
mkdirSync(dist, { recursive: true });
const old = `${dist}.old.${process.pid}`;
renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
console.log(`cli/dist: ${output.length} chunks from ${inputs.length} source files`);
