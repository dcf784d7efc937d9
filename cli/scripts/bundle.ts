/**
 * `npm run bundle -w @extranet/cli` (run by `npm install` / `npm ci` at the root): the CLI and the
 * parts of core and Effect it uses as one CommonJS file, `cli/dist/extranet.cjs`, which the bin
 * runs through `node:vm` with a V8 code cache per command (`bin/extranet.js`). One file costs no
 * module resolution (~150 ES chunks cost a command 20–40 ms of CPU in resolving and reading); a
 * module runs when a command first imports it, as with chunks, so `--help` still runs no Effect.
 *
 * The three Ink screens (the sign-in and code prompts, the progress bar) are ES modules apart in
 * `dist/ui/`: Ink and React are ES modules with top-level await, which a CommonJS file cannot
 * `require`; the bundle imports them through the bin's `import()` (`__import`).
 *
 * `dist/inputs.json` lists every source file of the repository that went in, with its size and
 * modification time: the bin (`bin/extranet.js`) runs the bundle only while all of them are
 * unchanged, and the TypeScript sources otherwise, so an edit is never hidden by an old bundle.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InputOptions, type RolldownOutput, rolldown } from 'rolldown';

const cli = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(cli, '..');
const dist = join(cli, 'dist');
// Built beside, then swapped in: a command started meanwhile reads either bundle, never half of one.
const next = `${dist}.${process.pid}`;

// Loaded by the interactive screens and `import --local` only, left to Node's resolution: Ink and
// React (and Yoga's WebAssembly), the server, the QR code of a two-factor enrolment.
const external = [/^ink(\/|$)/, /^react(\/|$)/, /^yoga-layout/, /^@extranet\/server(\/|$)/, /^qrcode(\/|$)/];
const UI = ['askCredentials', 'askCode', 'showProgress'];
const uiFile = new RegExp(`/cli/src/ui/(${UI.join('|')})\\.ts$`);

// Effect's Schema imports fast-check (1.4 MB) for `Arbitrary`, which builds test data: no command
// does, so the bundle gets an empty module in its place (a command calling `Arbitrary` would fail).
const FAST_CHECK = '\0fast-check-left-out';
const leaveOutFastCheck = {
  name: 'leave-out-fast-check',
  resolveId: (id: string) => (id === 'fast-check' ? FAST_CHECK : null),
  load: (id: string) => (id === FAST_CHECK ? 'export {};' : null),
};
const onLog: InputOptions['onLog'] = (level, log, handler) => {
  // Effect's `Arbitrary` reads fast-check's functions, now left out: expected, not a warning.
  if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('FastCheck.js')) return;
  handler(level, log);
};

/** The innermost npm package of a module (`effect/node_modules/fast-check` is fast-check). */
const packageOf = (id: string) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];

const main = await rolldown({
  input: join(cli, 'src/main.ts'),
  platform: 'node',
  external,
  cwd: root,
  logLevel: 'warn',
  onLog,
  plugins: [
    leaveOutFastCheck,
    {
      name: 'ui-apart',
      // The screens' modules stay out: the bundle imports their ES build in `dist/ui/`.
      resolveId: async function (source, importer, options) {
        if (importer === undefined || !source.startsWith('.')) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        const name = resolved && uiFile.exec(resolved.id)?.[1];
        return name ? { id: `./ui/${name}.js`, external: true } : null;
      },
    },
    {
      name: 'package-trace',
      // Each npm package's modules say so when they run, to `bench cli` (`packageTrace.ts`) only:
      // a command that runs a library it does not use fails its goal. One optional call a module.
      transform: (code, id) => {
        const name = packageOf(id);
        return name === undefined
          ? null
          : {
              code: `globalThis[Symbol.for('extranet.trace')]?.(${JSON.stringify(name)});\n${code}`,
              map: null,
            };
      },
    },
  ],
});
const bundled = await main.write({
  file: join(next, 'extranet.cjs'),
  format: 'cjs',
  codeSplitting: false,
  // The bin runs the file in a function of its own (`bin/extranet.js`) whose `__import` is a real
  // `import()`: a script run by `node:vm` has none without an experimental flag.
  plugins: [
    {
      name: 'bin-import',
      renderChunk: (code) => code.replace(/\bimport\((?=["'`])/g, '__import('),
    },
  ],
});
await main.close();

const ui = await rolldown({
  input: Object.fromEntries(UI.map((name) => [name, join(cli, `src/ui/${name}.ts`)])),
  platform: 'node',
  external,
  cwd: root,
  logLevel: 'warn',
  onLog,
});
const screens = await ui.write({ dir: join(next, 'ui'), format: 'esm', chunkFileNames: '[name]-[hash].js' });
await ui.close();

const sources = new Set<string>([join(root, 'package-lock.json'), join(cli, 'bin/extranet.js')]);
const addSources = ({ output }: RolldownOutput) => {
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds)
      if (!id.startsWith('\0') && packageOf(id) === undefined) sources.add(id);
  }
};
addSources(bundled);
addSources(screens);
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
console.log(
  `cli/dist: extranet.cjs and ${screens.output.length} screen modules, from ${inputs.length} source files`,
);
