/**
 * Soak test: the server in its own process on PostgreSQL (a fresh database on the
 * local server, demo data loaded, dropped after) or PGlite (`--pglite`), under N concurrent
 * users on loopback mixing lists, details and CSV exports for a fixed time. Prints errors,
 * latency percentiles, throughput and the server's RSS over time; fails (exit 1) on any error
 * or when memory grows more than 25 % between the first and the last quarter of the run.
 *
 *   npm run bench -- soak                          # 60 s, 50 users
 *   npm run bench -- soak --minutes 10 --users 200 # the full run of docs/reliability.md
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PG_SERVER_URL } from './lib/env.ts';
import { signIn, startServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
  },
});
const durationMs = (args.minutes ? Number(args.minutes) * 60 : Number(args.seconds)) * 1000;
const users = Number(args.users);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'extranet-soak-'));
const dbName = `extranet_soak_${process.pid}`;
let databaseUrl: string | undefined;
if (!args.pglite) {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
console.log(`soak: ${users} users for ${durationMs / 1000} s on ${args.pglite ? 'PGlite' : 'PostgreSQL'}`);
const server = await startServer({
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  env: { SEED_DEMO: 'true', SIGNIN_LIMIT_PER_IP: '100000' },
});

try {
  const logins = ['courtier', 'courtier2', 'grossiste'];
  const tokens = await Promise.all(logins.map((login) => signIn(server.url, login)));
  const getJson = async (path: string, token: string) =>
    (await (
      await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>[];
  // Real ids of each account's scope, for the detail calls.
  const ids = await Promise.all(
    tokens.map(async (token) => ({
      police: (await getJson('/api/police?size=100', token)).map((p) => p.idPolice),
      bordereaux: (await getJson('/api/commissions?size=50', token)).map((c) => c.idBordereau),
    })),
  );

  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
  /** The mix: ~60 % lists, ~35 % details, ~5 % exports. */
  const nextPath = (u: number): [string, string] => {
    const mine = ids[u % tokens.length]!;
    const r = Math.random();
    const page = Math.floor(Math.random() * 5);
    let path: string;
    if (r < 0.15) path = `/api/police?page=${page}&size=10&sort=dateCreation,desc`;
    else if (r < 0.25)
      path = `/api/police?q=${pick(['DU', 'MAR', 'Paris', 'Santé'])}&preset=${pick(['NOF', 'VIG', 'RES'])}`;
    else if (r < 0.35) path = `/api/police-assures?page=${page}&size=10`;
    else if (r < 0.45) path = `/api/commissions?size=12&sort=mois,desc`;
    else if (r < 0.55) path = `/api/timelines?size=10&type=AFN,RSL,REV,IMP,MED`;
    else if (r < 0.6) path = `/api/commission-mouvements?page=${page}&size=25`;
    else if (r < 0.75) path = `/api/police/${pick(mine.police)}`;
    else if (r < 0.82) path = `/api/assures/${pick(mine.police)}`;
    else if (r < 0.88) path = `/api/commissions/bordereau/${pick(mine.bordereaux)}`;
    else if (r < 0.95) path = `/api/mouvements/${pick(mine.bordereaux)}?size=10`;
    else
      path = pick([
        '/api/police/export.csv',
        '/api/commissions/export.csv',
        `/api/mouvements/${pick(mine.bordereaux)}/export.csv`,
      ]);
    return [path, tokens[u % tokens.length]!];
  };

  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const rss: { s: number; mb: number }[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const sampler = setInterval(
    () => {
      rss.push({ s: Math.round((performance.now() - started) / 1000), mb: Math.round(server.rssMb()) });
    },
    Math.max(1000, Math.floor(durationMs / 60)),
  );

  const worker = async (u: number) => {
    while (performance.now() < deadline) {
      const [path, token] = nextPath(u);
      const t0 = performance.now();
      try {
        const response = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (!response.ok) {
          const key = `${response.status} ${path.replace(/\d+/g, 'N').split('?')[0]}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      } catch (error) {
        const key = `network ${(error as Error).name}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: users }, (_, u) => worker(u)));
  clearInterval(sampler);
  rss.push({ s: Math.round((performance.now() - started) / 1000), mb: Math.round(server.rssMb()) });

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  const quarter = Math.max(1, Math.floor(rss.length / 4));
  const avg = (xs: { mb: number }[]) => xs.reduce((a, b) => a + b.mb, 0) / xs.length;
  const early = avg(rss.slice(0, quarter));
  const late = avg(rss.slice(-quarter));
  const growth = (late - early) / early;

  console.log(
    `requests: ${latencies.length} in ${seconds.toFixed(0)} s (${(latencies.length / seconds).toFixed(0)} req/s)`,
  );
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
  console.log(
    `latency ms: p50 ${pct(50).toFixed(1)}, p90 ${pct(90).toFixed(1)}, p99 ${pct(99).toFixed(1)}, max ${pct(100).toFixed(1)}`,
  );
  console.log(`server RSS MB over time (s:MB): ${rss.map((r) => `${r.s}:${r.mb}`).join(' ')}`);
  console.log(
    `server RSS: first quarter ${early.toFixed(0)} MB, last quarter ${late.toFixed(0)} MB (${(growth * 100).toFixed(1)} %), peak ${server.peakRssMb().toFixed(0)} MB, CPU ${(server.cpuMs() / 1000).toFixed(0)} s`,
  );
  const ok = errorCount === 0 && growth < 0.25;
  console.log(ok ? 'soak: PASS' : 'soak: FAIL (errors, or memory grew more than 25 %)');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.close();
  if (!args.pglite) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
