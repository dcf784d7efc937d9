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
await import('../src/main.ts');
