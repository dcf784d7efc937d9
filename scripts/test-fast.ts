// `npm run test:fast`: the loop between edits, in a few minutes. Lint, type-check, then the unit and
// model tests of every package and the server suites on PGlite only (vitest.fast.config.ts).
// Left to `npm test` (what CI runs): knip, the PostgreSQL runs, the CLI's end-to-end files, the
// browser tests and the fleet. Ends with the same summary line as `npm test`, and the time taken.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readSummary } from './test-summary.ts';

const started = performance.now();
/** Runs a command; `quiet` keeps its output and prints it whole at the end (the checks beside the tests). */
const run = (label: string, command: string, args: string[], quiet: boolean, env = process.env) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      console.log(`\n=== ${label}: ${code === 0 ? 'ok' : 'FAILED'} ===\n${Buffer.concat(out).toString()}`);
      resolve(code === 0);
    });
  });

mkdirSync('test-output', { recursive: true });
const report = 'test-output/vitest-fast.json';
// Lint and types are light next to the tests: they run beside them, not before, and print when done.
const [lint, types, tests] = await Promise.all([
  run('lint (biome)', 'npx', ['biome', 'check', '.'], true),
  run('type-check (tsc per package)', 'node', ['scripts/typecheck.ts'], true),
  run(
    'tests (vitest, fast lane)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.fast.config.ts',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    false,
    { ...process.env, TEST_DATABASES: 'pglite' },
  ),
]);

const { passed, skipped, failed: failedTests } = readSummary(report);
const failed = failedTests + (lint ? 0 : 1) + (types ? 0 : 1);
console.log(`\nlint ${lint ? 'ok' : 'FAILED'}, type-check ${types ? 'ok' : 'FAILED'}`);
console.log(`fast lane: ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(lint && types && tests && failed === 0 ? 0 : 1);
