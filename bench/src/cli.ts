/**
 * `npm run bench -- cli`: CPU of the `extranet` bin, as a user or a script pays it, against a bare
 * `node -e 0` in the same run: `--help`, `whoami` and a one-page list (20 policies) on a server
 * with the demo set (PGlite, its own process). Each command runs as the bin on the PATH
 * (`node_modules/.bin/extranet`, as the README says) and through `npx extranet`. The cases
 * alternate (A B C D A B C D…) so that the machine's load weighs on each alike; each prints its
 * median wall time with quartiles, and its median CPU (user + system from `/proc/self/stat`: the
 * CPU of reaped children) with min–max and the ratio to `node -e 0`. The goal: each under 100 ms
 * of CPU and under 4× `node -e 0`. The CLI's bundle is built first (`cli/scripts/bundle.ts`, as
 * `npm install` does); the bin on the PATH fails when it ran the sources instead.
 * A case also fails when it loads a library it does not use (`packageTrace.ts`, which sees the
 * libraries whose modules ran inside the one-file bundle too): Effect, XState, Ink, React, csv-stringify or
 * Node's fetch (undici) in `--help`; XState, Ink, React, csv-stringify or undici in a piped
 * `whoami`; Ink, React, csv-stringify or undici in a piped list; fast-check (Effect's test-data
 * generator) in any.
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
const CPU_GOAL_MS = 100;
const CPU_GOAL_RATIO = 4;
const TRACE = join(ROOT, 'bench/src/lib/packageTrace.ts');
const BIN = join(ROOT, 'cli/bin/extranet.js');
/** The bin as a shell finds it on the PATH: its `#!/usr/bin/env node` finds the repository's Node. */
const PATH_BIN = join(ROOT, 'node_modules/.bin/extranet');

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

function timeSpawn(args: readonly string[], env: Record<string, string> = {}, command = NODE): Sample {
  const cpu = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(command, args, {
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

// The bundle, as `npm install` builds it: the bin runs it while its sources are unchanged.
const bundled = spawnSync(NODE, [join(ROOT, 'cli/scripts/bundle.ts')], { cwd: ROOT, encoding: 'utf8' });
if (bundled.status !== 0) throw new Error(`cli bundle failed: ${bundled.stderr}`);

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
  // A pipe, as a script runs it: TSV, no Ink, no colours. The PATH starts with node_modules/.bin.
  const env = {
    EXTRANET_URL: `${server.url}/`,
    EXTRANET_CONFIG_DIR: configDir,
    EXTRANET_LANG: 'en',
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
  };
  const commands = [
    {
      label: '--help',
      args: ['--help'],
      unused: ['effect', 'fast-check', 'xstate', 'ink', 'react', 'csv-stringify', 'undici'],
    },
    {
      label: 'whoami',
      args: ['whoami'],
      unused: ['fast-check', 'xstate', 'ink', 'react', 'csv-stringify', 'undici'],
    },
    {
      label: 'policies list (20 rows)',
      args: ['policies', 'list'],
      unused: ['fast-check', 'ink', 'react', 'csv-stringify', 'undici'],
    },
  ];
  interface Case {
    readonly label: string;
    readonly args: readonly string[];
    readonly command?: string;
    readonly unused?: readonly string[];
    readonly viaPath?: boolean;
  }
  const cases: Case[] = [
    { label: 'node -e 0', args: ['-e', '0'] },
    ...commands.map((c) => ({
      label: `extranet ${c.label}`,
      args: c.args,
      command: PATH_BIN,
      unused: c.unused,
      viaPath: true,
    })),
    ...commands.map((c) => ({
      label: `npx extranet ${c.label}`,
      args: ['extranet', ...c.args],
      command: 'npx',
      unused: c.unused,
    })),
  ];
  // Which packages each command loads, and whether the bin ran its bundle (one traced run each,
  // outside the timed ones, as the bin on the PATH).
  const traced = cases.map((c) => {
    if (!c.viaPath) return undefined;
    const file = join(configDir, 'trace.json');
    timeSpawn(['--import', TRACE, BIN, ...c.args], { ...env, BENCH_TRACE_FILE: file });
    return JSON.parse(readFileSync(file, 'utf8')) as { bundled: boolean; packages: string[] };
  });
  // Warm-up: fills Node's compile cache, as a user's second command finds it, and the server's JIT.
  for (const c of cases) for (let i = 0; i < 2; i++) timeSpawn(c.args, env, c.command);
  const samples = cases.map(() => [] as Sample[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, c] of cases.entries()) samples[i]!.push(timeSpawn(c.args, env, c.command));
  }
  const base = median(samples[0]!.map((s) => s.wallMs));
  const baseCpu = median(samples[0]!.map((s) => s.cpuMs));
  console.log(
    `CLI start, ${RUNS} alternating runs of each, stdout a pipe (demo set on PGlite), load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}:`,
  );
  table([
    ['', 'median ms', 'p25–p75 ms', 'CPU ms (median)', 'CPU min–max ms', 'CPU ratio to node -e 0'],
    ...cases.map((c, i) => {
      const wall = sorted(samples[i]!.map((s) => s.wallMs));
      const cpu = sorted(samples[i]!.map((s) => s.cpuMs));
      return [
        c.label,
        fmt(median(wall), 0),
        `${fmt(percentile(wall, 0.25), 0)}–${fmt(percentile(wall, 0.75), 0)}`,
        fmt(median(cpu), 0),
        `${fmt(cpu[0]!, 0)}–${fmt(cpu.at(-1)!, 0)}`,
        fmt(median(cpu) / baseCpu, 2),
      ];
    }),
  ]);
  for (const [i, c] of cases.entries()) {
    if (i === 0) continue;
    const cpu = median(samples[i]!.map((s) => s.cpuMs));
    const trace = traced[i] ?? traced[i - commands.length];
    const drags = (c.unused ?? []).filter((name) => trace?.packages.includes(name));
    const sources = c.viaPath === true && trace?.bundled !== true;
    const pass = cpu < CPU_GOAL_MS && cpu < CPU_GOAL_RATIO * baseCpu && drags.length === 0 && !sources;
    const loads = drags.length === 0 ? '' : `; loads ${drags.join(', ')}, which it does not use`;
    const ran = sources ? '; ran the TypeScript sources, not the bundle' : '';
    console.log(
      check(
        c.label,
        pass,
        `CPU ${fmt(cpu, 0)} ms, ${fmt(cpu / baseCpu, 2)} × node -e 0 (goal < ${CPU_GOAL_MS} ms and < ${CPU_GOAL_RATIO}×)${loads}${ran}`,
      ),
    );
  }
  for (const [i, c] of cases.entries()) {
    if (i > 0)
      console.log(
        `  ${c.label}: wall ${fmt(median(samples[i]!.map((s) => s.wallMs)) / base, 2)} × node -e 0`,
      );
  }
  startRatio = median(samples[3]!.map((s) => s.cpuMs)) / baseCpu;
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
console.log(ratioLine(startRatio, 'extranet policies list CPU ms', 'node -e 0 CPU ms'));
