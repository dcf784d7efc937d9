#!/usr/bin/env node
// The bin stays plain JavaScript that any Node parses, so that an older Node (the system's Node 20
// on our machines) gets a clear message instead of a stack trace: the sources are TypeScript that
// Node runs directly only from 22.18 (type stripping on by default).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `extranet: needs Node.js 22.18 or later; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      "  From the repository, run it with the project's Node: npx extranet …  (or npm exec extranet -- …)\n",
  );
  process.exit(1);
}
// The compile cache keeps V8 code between runs (start time).
const { default: module } = await import('node:module');
module.enableCompileCache?.();
// The bundle (`npm run bundle -w @extranet/cli`, run by `npm install`) loads in a fraction of the
// CPU of the sources' ~3,000 modules; it runs only while every source file that went into it is
// unchanged (size and time, `dist/inputs.json`), the sources otherwise. EXTRANET_SOURCES=1
// forces the sources.
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');
const dist = new URL('../dist/', import.meta.url);
const fresh = () => {
  if (process.env.EXTRANET_SOURCES === '1') return false;
  try {
    const inputs = JSON.parse(readFileSync(new URL('inputs.json', dist), 'utf8'));
    return inputs.every(([file, size, mtimeMs]) => {
      const stat = statSync(new URL(`../${file}`, dist), { throwIfNoEntry: false });
      return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
    });
  } catch {
    return false;
  }
};

/**
 * Runs the one-file bundle with V8's code cache of the same command (`dist/cache/whoami.bin`,
 * `policies-list.bin`…): the functions a command ran last time, compiled. Node's compile cache
 * keeps only what V8 compiles before a file runs; most of Effect compiles while it runs. The cache
 * is written after a successful run that had none (or whose cache V8 refused, as after a Node
 * update), and goes with the bundle when it is rebuilt.
 */
const runBundle = () => {
  const { Script } = process.getBuiltinModule('node:vm');
  const { mkdirSync, renameSync, writeFileSync } = process.getBuiltinModule('node:fs');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  const file = fileURLToPath(new URL('extranet.cjs', dist));
  // The command's words before its first option or value: `policies list --size 5` is policies-list.
  const words = [];
  for (const arg of process.argv.slice(2)) {
    if (words.length === 2 || !/^[a-z][a-z-]*$/.test(arg)) break;
    words.push(arg);
  }
  // A command's help runs none of its code: its cache apart, or `whoami --help` first would leave
  // `whoami` a cache without Effect's functions.
  const help = process.argv.includes('--help') || process.argv.includes('-h') ? '-help' : '';
  const cacheDir = new URL('cache/', dist);
  const cacheFile = new URL(`${words.join('-') || 'extranet'}${help}.bin`, cacheDir);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  // The file's code in a function, as Node wraps a CommonJS module, with an `import()` of the bin's.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __import) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', (code) => {
      if (code !== 0) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        const temporary = new URL(`${cacheFile.pathname}.${process.pid}`, cacheFile);
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A read-only install runs without the cache.
      }
    });
  }
  const { createRequire } = process.getBuiltinModule('node:module');
  const { dirname } = process.getBuiltinModule('node:path');
  const bundle = { exports: {} };
  const toUrl = (specifier) => (specifier.startsWith('./') ? new URL(specifier, dist).href : specifier);
  const load = (specifier) => import(toUrl(specifier));
  script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dirname(file), load);
};
if (fresh()) runBundle();
else await import('../src/main.ts');
