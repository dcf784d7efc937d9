/**
 * Embedded: the list benchmark of `list.ts` on the default embedded database (PGlite, in a worker
 * thread of the server process) with the demo set, against the same server and demo set on
 * PostgreSQL. PGlite runs one query at a time, so this states what the embedded default is for: a
 * demo, a trial, a single office, not a network of brokers. It runs PGlite three times: with the
 * admission queue as configured (beyond it, 503 with Retry-After), the same in the server's own
 * thread (EMBEDDED_WORKER=false, as before the worker), and in the worker with the queue opened wide.
 * Each run also reads the server's resident set at rest (after its start and one sign-in, idle for
 * REST_MS); goals: half of PostgreSQL's lists, at most 300 MB at rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CONNECTIONS, databaseUrl, PG_SERVER_URL, SECONDS } from './lib/env.ts';
import { type LoadResult, loadTest } from './lib/load.ts';
import { othersCpu } from './lib/othersCpu.ts';
import { check, fmt, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const DEMO_DB = process.env.BENCH_DEMO_DB ?? 'bench_extranet_demo';
const filters =
  'statut.equals=En%20cours&risque.in=Sant%C3%A9,Pr%C3%A9voyance%20autre&dateEffet.gte=2015-01-01';
const REST_MS = 3000;
const REST_GOAL_MB = 300;
const paths = [`/api/police?${filters}&sort=dateCreation,desc&page=0&size=10`];

async function ensureDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function measure(
  label: string,
  url: string | undefined,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<LoadResult & { rss: number; restRss: number; startMs: number; others: number }> {
  const started = performance.now();
  // SEED_DEMO=true loads the demo set on PostgreSQL too (only what is missing).
  const server = await startServer({
    ...(url ? { databaseUrl: url } : {}),
    dataDir,
    env: { SEED_DEMO: 'true', ...env },
  });
  const startMs = performance.now() - started;
  try {
    const token = await signIn(server.url, 'grossiste');
    // At rest: started (and seeded, once), one sign-in served, then idle for REST_MS.
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const restRss = server.rssMb();
    await loadTest({ url: server.url, paths, token, connections: CONNECTIONS, seconds: 2 });
    const others = othersCpu();
    const result = await loadTest({
      url: server.url,
      paths,
      token,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const otherCores = await others();
    console.log(`  ${label}: started in ${fmt(startMs / 1000, 1)} s, other work ${fmt(otherCores, 1)} cores`);
    return { ...result, rss: server.peakRssMb(), restRss, startMs, others: otherCores };
  } finally {
    await server.close();
  }
}

await ensureDatabase(DEMO_DB);
const dir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
console.log(
  `Embedded benchmark: demo set, grossiste list (3 filters, sort, count), ${CONNECTIONS} connections`,
);
const pglite = await measure('PGlite (fresh data folder, demo set loaded at start)', undefined, dir);
const inThread = await measure("PGlite in the server's thread", undefined, dir, { EMBEDDED_WORKER: 'false' });
// The same folder with the admission queue opened wide: every request waits its turn, as before it existed.
const ungated = await measure('PGlite, no admission limit', undefined, dir, {
  EMBEDDED_MAX_ACTIVE_REQUESTS: '1000',
  EMBEDDED_MAX_QUEUED_REQUESTS: '100000',
  EMBEDDED_MAX_QUEUE_WAIT_MS: '600000',
});
// BENCH_EMBEDDED_ACTIVE=4,8,16: the worker again at each admission limit (the queue opened wide).
const limits = (process.env.BENCH_EMBEDDED_ACTIVE ?? '').split(',').filter((limit) => limit.trim() !== '');
const byLimit: [string, Awaited<ReturnType<typeof measure>>][] = [];
for (const limit of limits) {
  const label = `PGlite, at most ${limit.trim()} requests at once`;
  byLimit.push([
    label,
    await measure(label, undefined, dir, {
      EMBEDDED_MAX_ACTIVE_REQUESTS: limit.trim(),
      EMBEDDED_MAX_QUEUED_REQUESTS: '100000',
      EMBEDDED_MAX_QUEUE_WAIT_MS: '600000',
    }),
  ]);
}
const postgres = await measure(
  `PostgreSQL (${DEMO_DB})`,
  databaseUrl(DEMO_DB),
  mkdtempSync(join(tmpdir(), 'bench-embedded-pg-')),
);
rmSync(dir, { recursive: true, force: true });
table([
  [
    '',
    'answers/s',
    '503 (busy) %',
    'p50 ms',
    'p99 ms',
    'RSS at rest MB',
    'peak RSS MB',
    'other work (cores)',
  ],
  ...[
    ['server on PGlite (worker thread)', pglite],
    ["PGlite in the server's thread", inThread],
    ['PGlite, no admission limit', ungated],
    ...byLimit,
    ['server on PostgreSQL', postgres],
  ].map(([label, r]) => {
    const result = r as typeof pglite;
    return [
      label as string,
      fmt(result.requestsPerSecond),
      fmt((100 * result.non2xx) / Math.max(1, result.requests), 1),
      fmt(result.p50Ms),
      fmt(result.p99Ms),
      fmt(result.restRss),
      fmt(result.rss),
      fmt(result.others, 1),
    ];
  }),
]);
// On PGlite, answers beyond the admission queue are 503 with Retry-After (EMBEDDED_MAX_*): the
// ratio compares lists actually served.
const served = (r: LoadResult) => (r.requests - r.non2xx) / SECONDS;
console.log(
  ratioLine(served(pglite) / served(postgres), 'PGlite lists served/s', 'PostgreSQL lists served/s'),
);
console.log(
  ratioLine(
    served(inThread) / served(postgres),
    "PGlite in the server's thread, lists served/s",
    'PostgreSQL lists served/s',
  ),
);
const share = served(pglite) / served(postgres);
console.log(check('PGlite (worker thread) vs PostgreSQL', share >= 0.5, `${fmt(share, 2)} (goal ≥ 0.5)`));
for (const [label, result] of [
  ['PGlite (worker thread), first start with the demo set', pglite],
  ['PGlite (worker thread), started again on its folder', ungated],
  ['PostgreSQL', postgres],
] as const) {
  console.log(
    check(
      `RSS at rest, ${label}`,
      result.restRss <= REST_GOAL_MB,
      `${fmt(result.restRss)} MB (goal ≤ ${REST_GOAL_MB} MB)`,
    ),
  );
}
