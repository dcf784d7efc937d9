/**
 * CLI: `extranet --help` start time (repeated spawns, median) against a bare `node -e 0`, and a
 * 100,000-row statement export with `extranet statements export` against the same download
 * with no CLI in between (Node's fetch into /dev/null).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBigStatement } from './lib/bigStatement.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { NODE, ROOT } from './lib/env.ts';
import { fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 15);
const BIN = join(ROOT, 'cli/bin/extranet.js');

function timeSpawn(args: string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const result = spawnSync(NODE, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function median(samples: number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
}

// Start time. The first run fills the compile cache; it is measured apart.
const first = timeSpawn([BIN, '--help']);
const help: number[] = [];
const bare: number[] = [];
for (let i = 0; i < RUNS; i++) {
  help.push(timeSpawn([BIN, '--help']));
  bare.push(timeSpawn(['-e', '0']));
}
console.log(`CLI start, ${RUNS} runs each (median):`);
table([
  ['', 'median ms', 'min ms'],
  ['extranet --help', fmt(median(help), 0), fmt(Math.min(...help), 0)],
  ['extranet --help (first run, cold cache)', fmt(first, 0), ''],
  ['node -e 0', fmt(median(bare), 0), fmt(Math.min(...bare), 0)],
]);

// Export of a 100,000-line statement.
const ID = 990_000_100;
const LINES = Number(process.env.BENCH_CLI_ROWS ?? 100_000);
const dataset = await ensurePgDataset();
await ensureBigStatement(dataset.url, ID, LINES);
const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-cli-')),
});
try {
  const token = await signIn(server.url, 'courtier');
  const configDir = mkdtempSync(join(tmpdir(), 'bench-cli-config-'));
  writeFileSync(
    join(configDir, 'token.json'),
    JSON.stringify({ server: `${server.url}/`, token, remember: false }),
    { mode: 0o600 },
  );
  const out = join(configDir, 'export.csv');
  const env = { EXTRANET_URL: `${server.url}/`, EXTRANET_CONFIG_DIR: configDir };
  const cliMs = timeSpawn([BIN, 'statements', 'export', String(ID), '--out', out], env);
  const bytes = statSync(out).size;
  const started = performance.now();
  const response = await fetch(`${server.url}/api/mouvements/${ID}/export.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let direct = 0;
  for await (const chunk of response.body!) direct += (chunk as Uint8Array).length;
  const directMs = performance.now() - started;
  console.log(`\nStatement export of ${LINES} movements (${fmt(bytes / 1e6)} MB):`);
  table([
    ['', 'seconds', 'rows/s'],
    ['extranet statements export (file)', fmt(cliMs / 1000, 2), fmt(LINES / (cliMs / 1000), 0)],
    ['direct HTTP download', fmt(directMs / 1000, 2), fmt(LINES / (directMs / 1000), 0)],
  ]);
  if (direct !== bytes) console.log(`  WARNING: the CLI wrote ${bytes} bytes, the API sent ${direct}`);
  console.log(`start ${ratioLine(median(help) / median(bare), 'extranet --help ms', 'node -e 0 ms')}`);
  console.log(ratioLine(directMs / cliMs, 'CLI export rows/s', 'direct download rows/s'));
} finally {
  await server.close();
}
