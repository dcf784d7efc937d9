/**
 * `npm run bench -- cli`: start time of the `extranet` bin, as a user or a script pays it, against
 * a bare `node -e 0` in the same run: `--help`, `whoami` and a one-page list (20 policies) on a
 * server with the demo set (PGlite, its own process). The cases alternate (A B C D A B C D…) so
 * that the machine's load weighs on each alike; each prints its median, quartiles and CPU time
 * (from `/proc/self/stat`: the CPU of reaped children). The target: `whoami` and the list
 * under 150 ms of wall time.
 *
 * `npm run bench -- cli export` adds the 100,000-line statement export against the same download
 * with no CLI in between, on the 1,000,000-policy PostgreSQL set (created on first use).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBigStatement } from './lib/bigStatement.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { NODE, ROOT } from './lib/env.ts';
import { check, fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 15);
const TARGET_MS = 150;
const BIN = join(ROOT, 'cli/bin/extranet.js');

/** CPU time (user + system, ms) of this process's reaped children: fields 16 and 17 of /proc/self/stat. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

function timeSpawn(args: readonly string[], env: Record<string, string> = {}): Sample {
  const cpu = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(NODE, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { wallMs, cpuMs: childrenCpuMs() - cpu };
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => percentile(sorted(values), 0.5);

const server = await startServer({
  dataDir: mkdtempSync(join(tmpdir(), 'bench-cli-')),
  env: { SEED_DEMO: 'true' },
});
let startRatio = Number.NaN;
try {
  const token = await signIn(server.url, 'courtier');
  const configDir = mkdtempSync(join(tmpdir(), 'bench-cli-config-'));
  writeFileSync(
    join(configDir, 'token.json'),
    JSON.stringify({ sessions: { [`${server.url}/`]: { token, remember: false, savedAt: '' } } }),
    { mode: 0o600 },
  );
  // A pipe, as a script runs it: TSV, no Ink, no colours.
  const env = { EXTRANET_URL: `${server.url}/`, EXTRANET_CONFIG_DIR: configDir, EXTRANET_LANG: 'en' };
  const cases = [
    { label: 'node -e 0', args: ['-e', '0'] },
    { label: 'extranet --help', args: [BIN, '--help'] },
    { label: 'extranet whoami', args: [BIN, 'whoami'], target: true },
    { label: 'extranet policies list (20 rows)', args: [BIN, 'policies', 'list'], target: true },
  ];
  // Warm-up: fills Node's compile cache, as a user's second command finds it, and the server's JIT.
  for (const c of cases) for (let i = 0; i < 2; i++) timeSpawn(c.args, env);
  const samples = cases.map(() => [] as Sample[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, c] of cases.entries()) samples[i]!.push(timeSpawn(c.args, env));
  }
  const base = median(samples[0]!.map((s) => s.wallMs));
  console.log(`CLI start, ${RUNS} alternating runs of each, stdout a pipe (demo set on PGlite):`);
  table([
    ['', 'median ms', 'p25–p75 ms', 'min–max ms', 'CPU ms (median)', 'ratio to node -e 0'],
    ...cases.map((c, i) => {
      const wall = sorted(samples[i]!.map((s) => s.wallMs));
      return [
        c.label,
        fmt(median(wall), 0),
        `${fmt(percentile(wall, 0.25), 0)}–${fmt(percentile(wall, 0.75), 0)}`,
        `${fmt(wall[0]!, 0)}–${fmt(wall.at(-1)!, 0)}`,
        fmt(median(samples[i]!.map((s) => s.cpuMs)), 0),
        fmt(median(wall) / base, 2),
      ];
    }),
  ]);
  for (const [i, c] of cases.entries()) {
    if (!c.target) continue;
    const ms = median(samples[i]!.map((s) => s.wallMs));
    console.log(check(c.label, ms < TARGET_MS, `median ${fmt(ms, 0)} ms (target < ${TARGET_MS} ms)`));
  }
  for (const [i, c] of cases.entries()) {
    if (i > 0)
      console.log(`  ${c.label}: ${fmt(median(samples[i]!.map((s) => s.wallMs)) / base, 2)} × node -e 0`);
  }
  startRatio = median(samples[3]!.map((s) => s.wallMs)) / base;
} finally {
  await server.close();
}

if (process.argv[2] === 'export') {
  const ID = 990_000_100;
  const LINES = Number(process.env.BENCH_CLI_ROWS ?? 100_000);
  const dataset = await ensurePgDataset();
  await ensureBigStatement(dataset.url, ID, LINES);
  const pgServer = await startServer({
    databaseUrl: dataset.url,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-cli-')),
  });
  try {
    const token = await signIn(pgServer.url, 'courtier');
    const configDir = mkdtempSync(join(tmpdir(), 'bench-cli-config-'));
    writeFileSync(
      join(configDir, 'token.json'),
      JSON.stringify({ sessions: { [`${pgServer.url}/`]: { token, remember: false, savedAt: '' } } }),
      { mode: 0o600 },
    );
    const out = join(configDir, 'export.csv');
    const env = { EXTRANET_URL: `${pgServer.url}/`, EXTRANET_CONFIG_DIR: configDir };
    const cli = timeSpawn([BIN, 'statements', 'export', String(ID), '--out', out], env);
    const bytes = statSync(out).size;
    const started = performance.now();
    const response = await fetch(`${pgServer.url}/api/mouvements/${ID}/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let direct = 0;
    for await (const chunk of response.body!) direct += (chunk as Uint8Array).length;
    const directMs = performance.now() - started;
    console.log(`\nStatement export of ${LINES} movements (${fmt(bytes / 1e6)} MB):`);
    table([
      ['', 'seconds', 'rows/s'],
      ['extranet statements export (file)', fmt(cli.wallMs / 1000, 2), fmt(LINES / (cli.wallMs / 1000), 0)],
      ['direct HTTP download', fmt(directMs / 1000, 2), fmt(LINES / (directMs / 1000), 0)],
    ]);
    if (direct !== bytes) console.log(`  WARNING: the CLI wrote ${bytes} bytes, the API sent ${direct}`);
    console.log(ratioLine(directMs / cli.wallMs, 'CLI export rows/s', 'direct download rows/s'));
  } finally {
    await pgServer.close();
  }
}
console.log(ratioLine(startRatio, 'extranet policies list ms', 'node -e 0 ms'));
