/**
 * `npm run bench -- anomaly-refresh`: what keeping the anomalies up to date costs an import on
 * the PostgreSQL set (BENCH_POLICIES, default 1,000,000): the full rebuild (the demo load, a
 * generated set), the unpaid rule alone (a statement import that moves the latest final month
 * back), its lines due in one month (one that moves it on by a month; one that does not move it
 * costs nothing) and the rebuild for the policies of a file of lines
 * (BENCH_REFRESH_POLICIES, default 100, the largest-id policies), each timed BENCH_REFRESH_RUNS times (default 3) in a transaction rolled
 * back, so the set is left as it was. Baseline: the full rebuild.
 */
import pg from 'pg';
import { FORECAST } from '../../core/src/domain/forecast.ts';
import { type RefreshOptions, refreshAnomalies } from '../../server/src/reconciliation/refresh.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { fmt, percentile, ratioLine, table } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_REFRESH_RUNS ?? 3);
const POLICIES = Number(process.env.BENCH_REFRESH_POLICIES ?? 100);

const dataset = await ensurePgDataset();
const pool = new pg.Pool({ connectionString: dataset.url, max: 1 });
const ids = (
  await pool.query<{ id: string }>('select id_police::text id from police order by id_police desc limit $1', [
    POLICIES,
  ])
).rows.map((r) => r.id);

/** One refresh in a transaction rolled back: milliseconds and the anomaly count it left. */
const once = async (options: RefreshOptions) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    const n = await refreshAnomalies(
      {
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        exec: async (sql) => void (await client.query(sql)),
      },
      options,
    );
    const ms = performance.now() - started;
    await client.query('rollback');
    return { ms, n };
  } finally {
    client.release();
  }
};

const measure = async (options: RefreshOptions) => {
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, n } = await once(options);
    samples.push(ms);
    count = n;
  }
  return { samples: samples.sort((a, b) => a - b), count };
};

console.log(`Anomaly refresh on ${dataset.policies} policies, ${RUNS} runs each, rolled back`);
const monthBefore = (
  await pool.query<{ mois: string }>(
    `select (max(mois) - interval '1 month')::date::text as mois from commission where type_bordereau is distinct from $1`,
    [FORECAST],
  )
).rows[0]!.mois;
const full = await measure({});
const unpaid = await measure({ rules: ['COMMISSION_NOT_PAID'] });
const month = await measure({ rules: ['COMMISSION_NOT_PAID'], since: monthBefore });
const some = await measure({ policies: ids });
await pool.end();
table([
  ['refresh', 'anomalies after', 'median ms', 'max ms'],
  [
    'every policy, every rule (demo load, generated set)',
    String(full.count),
    fmt(percentile(full.samples, 0.5)),
    fmt(full.samples.at(-1)!),
  ],
  [
    'every policy, the unpaid rule (a statement moving the final month)',
    String(unpaid.count),
    fmt(percentile(unpaid.samples, 0.5)),
    fmt(unpaid.samples.at(-1)!),
  ],
  [
    'the unpaid rule, lines due in the month (a statement moving the final month on by one)',
    String(month.count),
    fmt(percentile(month.samples, 0.5)),
    fmt(month.samples.at(-1)!),
  ],
  [
    `${ids.length} policies (a file of lines or policies)`,
    String(some.count),
    fmt(percentile(some.samples, 0.5)),
    fmt(some.samples.at(-1)!),
  ],
]);
console.log(
  ratioLine(
    percentile(full.samples, 0.5) / percentile(some.samples, 0.5),
    `${ids.length}-policy refresh (times faster)`,
    'the full rebuild',
  ),
);
console.log(
  ratioLine(
    percentile(full.samples, 0.5) / percentile(unpaid.samples, 0.5),
    'unpaid rule alone (times faster)',
    'the full rebuild',
  ),
);
console.log(
  ratioLine(
    percentile(full.samples, 0.5) / percentile(month.samples, 0.5),
    "a month's unpaid lines (times faster)",
    'the full rebuild',
  ),
);
