/**
 * `npm run bench -- anomalies`: `GET /api/anomalies` on the PostgreSQL set (BENCH_POLICIES,
 * default 1,000,000; its generated errors included), one request at a time, as a broker, a
 * wholesaler, an accountant and an admin: the default page, a filter by rule, by broker, by
 * statement, by month, and the sort by amount ascending, each with its count and amount at
 * stake. Median, p95 and max over BENCH_ANOMALIES_RUNS requests (default 40) after 5 to warm
 * up, against the named baseline: the same account's statement list page
 * (`GET /api/commissions?page=0&size=12`, a list of the same kind with its amount header),
 * measured the same way. The target: p95 under 100 ms.
 *
 * A generated set's only errors are the dozen injected ones; the rate the trade press reports
 * is 3 to 7 %. So that the list's indexes are measured on a realistic table, the benchmark's
 * database gets one anomaly per BENCH_ANOMALY_EVERY lines (default 20, 5 %) drawn from its own
 * lines (real policies, brokers, statements and months; rules in turn), once; the next import's
 * refresh replaces them with what detection finds.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ANOMALY_RULES } from '../../core/src/domain/policyLifecycle/anomalyRules.ts';
import { BENCH_ADMIN, ensurePgDataset } from './lib/dataset.ts';
import { check, fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_ANOMALIES_RUNS ?? 40);
const EVERY = Number(process.env.BENCH_ANOMALY_EVERY ?? 20);
const TARGET_MS = 100;

/** Each account and the broker code its anomalies are read for (null: every row). */
const ACCOUNTS: readonly (readonly [login: string, column: string | null, code: string | null])[] = [
  ['courtier', 'code_courtier_portail', 'C0001'],
  ['grossiste', 'code_courtier_grossiste_portail', 'G0001'],
  ['compta', 'code_courtier_portail', 'C0001'],
  [BENCH_ADMIN.login, null, null],
];

async function timed(runs: number, once: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const dataset = await ensurePgDataset();
const pool = new pg.Pool({ connectionString: dataset.url, max: 2 });
const count = async () =>
  ((await pool.query<{ n: number }>('select count(*)::int n from anomaly')).rows[0] as { n: number }).n;
if ((await count()) < 1000) {
  console.log(`Filling the anomaly table: one per ${EVERY} lines of the set…`);
  await pool.query(
    `insert into anomaly (courtier, code_courtier_portail, code_courtier_grossiste_portail, id_courtier_portail,
                          id_courtier_gestion, id_courtier_grossiste_gestion, regle, id_police, police, nomprenom,
                          id_bordereau, id_mouvement, mois, type_mouvement, periode, montant, explication, explanation)
     select courtier, code_courtier_portail, code_courtier_grossiste_portail, id_courtier_portail,
            id_courtier_gestion, id_courtier_grossiste_gestion, ($2::text[])[1 + id % 6], id_police, police, nomprenom,
            id_bordereau, id, mois, type_mouvement, periode, abs(montant), 'bench', 'bench'
       from commission_mouvement where id % $1 = 0`,
    [EVERY, ANOMALY_RULES],
  );
  await pool.query('analyze anomaly');
}
const n = await count();
console.log(
  `Anomaly list benchmark on ${dataset.policies} policies (${n} anomalies), ${RUNS} requests per query and account, one at a time`,
);

/** A broker, a statement and a month the account's anomalies hold, for its filters. */
const sample = async (column: string | null, code: string | null) => {
  const where = column === null ? '' : `where ${column} = $1`;
  const { rows } = await pool.query<{ courtier: string; statement: string; mois: string }>(
    `select courtier, id_bordereau::text statement, to_char(mois, 'YYYY-MM-DD') mois
       from anomaly ${where} ${where === '' ? 'where' : 'and'} id_bordereau is not null
      order by montant desc limit 1`,
    column === null ? [] : [code],
  );
  return rows[0];
};

const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-anomalies-')),
});
const rows: string[][] = [['account', 'query', 'rows', 'median ms', 'p95 ms', 'max ms']];
const checks: string[] = [];
let worstRatio = 0;
try {
  for (const [login, column, code] of ACCOUNTS) {
    const token = await signIn(server.url, login);
    const found = await sample(column, code);
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${login} ${path}: ${response.status}`);
      await response.arrayBuffer();
      return response.headers.get('x-total-count') ?? '';
    };
    const queries: [string, string][] = [
      ['default page (amount desc)', '/api/anomalies?page=0&size=20'],
      ['rule RATE_MISMATCH', '/api/anomalies?regle.in=RATE_MISMATCH&page=0&size=20'],
      ['sort by amount asc', '/api/anomalies?sort=montant,asc&page=0&size=20'],
      ...(found === undefined
        ? []
        : ([
            ['broker', `/api/anomalies?courtier.in=${encodeURIComponent(found.courtier)}&page=0&size=20`],
            ['statement', `/api/anomalies?idBordereau.equals=${found.statement}&page=0&size=20`],
            ['month', `/api/anomalies?mois.gte=${found.mois}&mois.lte=${found.mois}&page=0&size=20`],
          ] as [string, string][])),
    ];
    const baseline = await timed(RUNS, async () => void (await get('/api/commissions?page=0&size=12')));
    for (const [label, path] of queries) {
      const total = await get(path);
      const samples = await timed(RUNS, async () => void (await get(path)));
      const p95 = percentile(samples, 0.95);
      rows.push([login, label, total, fmt(percentile(samples, 0.5)), fmt(p95), fmt(samples.at(-1)!)]);
      checks.push(check(`${login} ${label} p95 < ${TARGET_MS} ms`, p95 < TARGET_MS, `${fmt(p95)} ms`));
      worstRatio = Math.max(worstRatio, percentile(samples, 0.5) / percentile(baseline, 0.5));
    }
    rows.push([
      login,
      'baseline: GET /api/commissions page',
      '',
      fmt(percentile(baseline, 0.5)),
      fmt(percentile(baseline, 0.95)),
      fmt(baseline.at(-1)!),
    ]);
  }
} finally {
  await pool.end();
  await server.close();
}
table(rows);
for (const line of checks) console.log(line);
console.log(ratioLine(worstRatio, 'anomaly list median (worst query)', "the account's statement list page"));
