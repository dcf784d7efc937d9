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
// The bundle (`npm run bundle -w @extranet/cli`, run by `npm install`) loads in a tenth of the
// CPU of the sources' ~3,000 modules; it runs only while every source file that went into it is
// unchanged (size and time, `dist/inputs.json`), the sources otherwise. EXTRANET_SOURCES=1
// forces the sources.
const fresh = () => {
  if (process.env.EXTRANET_SOURCES === '1') return false;
  const { readFileSync, statSync } = process.getBuiltinModule('node:fs');
  const dir = new URL('../', import.meta.url);
  try {
    const inputs = JSON.parse(readFileSync(new URL('dist/inputs.json', dir), 'utf8'));
    return inputs.every(([file, size, mtimeMs]) => {
      const stat = statSync(new URL(file, dir), { throwIfNoEntry: false });
      return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
    });
  } catch {
    return false;
  }
};
await import(fresh() ? '../dist/main.js' : '../src/main.ts');
