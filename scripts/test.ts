// `npm test`: lint, type-check, dead code and dependencies (knip), then every Vitest project (unit, server on PGlite and PostgreSQL,
// CLI against a real server, browser tests in Debian's Chromium). PostgreSQL and Chromium are
// found or installed by the projects' global setups. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readSummary } from './test-summary.ts';

const run = (label: string, command: string, args: string[]) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
};

const lint = run('lint (biome)', 'npx', ['biome', 'check', '.']);
const types = run('type-check (tsc per package)', 'node', ['scripts/typecheck.ts']);
// Unused files, exports and dependencies, and imports of undeclared ones (knip.json).
const dead = run('unused code and dependencies (knip)', 'npx', ['knip', '--no-progress']);
mkdirSync('test-output', { recursive: true });
const report = 'test-output/vitest.json';
const tests = run('tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

const summary = readSummary(report);
const { passed, skipped } = summary;
let failed = summary.failed;
if (!lint) failed += 1;
if (!types) failed += 1;
if (!dead) failed += 1;
console.log(
  `\nlint ${lint ? 'ok' : 'FAILED'}, type-check ${types ? 'ok' : 'FAILED'}, knip ${dead ? 'ok' : 'FAILED'}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(lint && types && dead && tests && failed === 0 ? 0 : 1);
