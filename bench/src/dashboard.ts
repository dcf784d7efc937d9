/**
 * `npm run bench -- dashboard`: `GET /api/dashboard` on the PostgreSQL set (BENCH_POLICIES,
 * default 1,000,000), one request at a time, as each demo account and an admin (who sees every
 * row): median, p95 and max latency over BENCH_DASHBOARD_RUNS requests (default 60) after 5 to
 * warm up, against the same SQL statements run directly on a pool from this process. The
 * target: under 50 ms.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Caller } from '../../server/src/entities/engine/caller.ts';
import { dashboardStatements } from '../../server/src/insight/dashboard.ts';
import { dashboardWindow } from '../../server/src/insight/window.ts';
import { BENCH_ADMIN, ensurePgDataset } from './lib/dataset.ts';
import { check, fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 60);
const TARGET_MS = 50;

const ACCOUNTS: readonly (readonly [login: string, caller: Caller])[] = [
  ['courtier', { authorities: ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA'], codeCourtier: 'C0001' }],
  [
    'grossiste',
    { authorities: ['ROLE_GROSSISTE', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA'], codeCourtier: 'G0001' },
  ],
  ['compta', { authorities: ['ROLE_COMPTA'], codeCourtier: 'C0001' }],
  ['portefeuille', { authorities: ['ROLE_PORTEFEUILLE'], codeCourtier: 'C0001' }],
  [BENCH_ADMIN.login, { authorities: ['ROLE_ADMIN'], codeCourtier: null }],
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
console.log(
  `Dashboard benchmark on ${dataset.policies} policies, ${RUNS} requests per account, one at a time`,
);
const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-dashboard-')),
});
const pool = new pg.Pool({ connectionString: dataset.url, max: 8 });
const rows: string[][] = [['account', 'median ms', 'p95 ms', 'max ms', 'SQL alone median ms']];
const checks: string[] = [];
let worstRatio = 0;
try {
  for (const [login, caller] of ACCOUNTS) {
    const token = await signIn(server.url, login);
    const api = await timed(RUNS, async () => {
      const response = await fetch(`${server.url}/api/dashboard`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${login}: ${response.status}`);
      await response.arrayBuffer();
    });
    const w = dashboardWindow(new Date());
    const statements = Object.values(dashboardStatements(caller, w)).filter((s) => s !== null);
    const sql = await timed(RUNS, async () => {
      await Promise.all(statements.map((s) => pool.query(s.sql, [...s.params])));
    });
    const median = percentile(api, 0.5);
    rows.push([login, fmt(median), fmt(percentile(api, 0.95)), fmt(api.at(-1)!), fmt(percentile(sql, 0.5))]);
    checks.push(
      check(
        `${login} p95 < ${TARGET_MS} ms`,
        percentile(api, 0.95) < TARGET_MS,
        `${fmt(percentile(api, 0.95))} ms`,
      ),
    );
    worstRatio = Math.max(worstRatio, median / percentile(sql, 0.5));
  }
} finally {
  await pool.end();
  await server.close();
}
table(rows);
for (const line of checks) console.log(line);
console.log(ratioLine(worstRatio, 'server median (worst account)', 'the same SQL alone'));
