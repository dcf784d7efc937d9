/**
 * The shape shared by the list, search and statement benchmarks: capture the SQL of each request
 * path, then load the server with autocannon and PostgreSQL with pgbench (extended and prepared
 * protocol), same connections, same duration, one after the other in the same run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CapturedStatement, captureRequest } from './capture.ts';
import { CONNECTIONS, SECONDS } from './env.ts';
import { type LoadResult, loadTest } from './load.ts';
import { type PgbenchResult, runPgbench } from './pgbench.ts';
import { check, fmt, ratioLine, table } from './report.ts';
import { signIn, startServer } from './server.ts';

export interface Scenario {
  readonly label: string;
  /** The requests of one screen; pgbench runs all their statements as one transaction. */
  readonly paths: readonly string[];
}

export interface CompareOptions {
  readonly databaseUrl: string;
  readonly login: string;
  readonly scenarios: readonly Scenario[];
  readonly connections?: number;
  readonly seconds?: number;
  /** Targets from the issue; absent = figures only. */
  readonly targets?: { readonly minRatio: number; readonly maxP99Ms: number };
  readonly showSql?: boolean;
}

export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly statements: readonly CapturedStatement[];
  readonly server: LoadResult;
  readonly pgbench: readonly PgbenchResult[];
  readonly ratio: number;
}

export async function compare(options: CompareOptions): Promise<ScenarioResult[]> {
  const connections = options.connections ?? CONNECTIONS;
  const seconds = options.seconds ?? SECONDS;
  const server = await startServer({
    databaseUrl: options.databaseUrl,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-server-')),
  });
  const results: ScenarioResult[] = [];
  try {
    const token = await signIn(server.url, options.login);
    for (const scenario of options.scenarios) {
      const statements: CapturedStatement[] = [];
      console.log(`\n${scenario.label}`);
      for (const path of scenario.paths) {
        const capture = await captureRequest(options.databaseUrl, options.login, path);
        statements.push(...capture.statements);
        console.log(
          `  GET ${path}\n    ${capture.statements.length} statements, X-Total-Count ${capture.headers['x-total-count'] ?? '-'}, ${capture.bodyBytes} bytes`,
        );
        if (options.showSql ?? process.env.BENCH_SHOW_SQL) {
          for (const s of capture.statements)
            console.log(`      ${s.sql.replace(/\s+/g, ' ')}\n        params ${JSON.stringify(s.params)}`);
        }
      }
      // Warm the server (JIT, pool, caches) before measuring; pgbench needs no warm-up.
      await loadTest({ url: server.url, paths: scenario.paths, token, connections, seconds: 2 });
      const cpuBefore = server.cpuMs();
      const load = await loadTest({ url: server.url, paths: scenario.paths, token, connections, seconds });
      const cpuPerScreen = (server.cpuMs() - cpuBefore) / (load.requests / scenario.paths.length);
      // autocannon counts requests; one screen is scenario.paths.length requests.
      const http = { ...load, requestsPerSecond: load.requestsPerSecond / scenario.paths.length };
      const pgbench: PgbenchResult[] = [];
      for (const mode of ['extended', 'prepared'] as const) {
        pgbench.push(
          await runPgbench({
            databaseUrl: options.databaseUrl,
            statements,
            clients: connections,
            seconds,
            mode,
          }),
        );
      }
      const best = Math.max(...pgbench.map((r) => r.tps));
      const ratio = http.requestsPerSecond / best;
      // Informative: as many database sessions as the server's pool (10). On a machine shared with
      // other work, 32 backends get a larger share of the CPU than 10 do.
      const pooled = await runPgbench({
        databaseUrl: options.databaseUrl,
        statements,
        clients: 10,
        seconds,
        mode: 'extended',
      });
      table([
        ['', 'screens/s', 'p50 ms', 'p99 ms', 'requests'],
        [
          `server (${connections} conn.)`,
          fmt(http.requestsPerSecond),
          fmt(http.p50Ms),
          fmt(http.p99Ms),
          String(http.requests),
        ],
        ...pgbench.map((r) => [
          `pgbench -M ${r.mode}`,
          fmt(r.tps),
          fmt(r.p50Ms),
          fmt(r.p99Ms),
          String(r.transactions),
        ]),
        [
          'pgbench -c 10 (pool size)',
          fmt(pooled.tps),
          fmt(pooled.p50Ms),
          fmt(pooled.p99Ms),
          String(pooled.transactions),
        ],
      ]);
      if (http.non2xx || http.errors)
        console.log(`  WARNING: ${http.non2xx} non-2xx answers, ${http.errors} errors`);
      console.log(`  server process CPU per screen: ${fmt(cpuPerScreen, 2)} ms (Node: auth, parsing, JSON)`);
      console.log(`  server / best pgbench: ${fmt(ratio, 2)}`);
      if (options.targets) {
        console.log(
          check(
            'throughput',
            ratio >= options.targets.minRatio,
            `${fmt(ratio * 100, 0)} % of pgbench (target ≥ ${options.targets.minRatio * 100} %)`,
          ),
        );
        console.log(
          check(
            'p99',
            http.p99Ms < options.targets.maxP99Ms,
            `${fmt(http.p99Ms)} ms (target < ${options.targets.maxP99Ms} ms)`,
          ),
        );
      }
      results.push({ scenario, statements, server: http, pgbench, ratio });
    }
  } finally {
    await server.close();
  }
  return results;
}

/** The final line over several scenarios: the geometric mean of their ratios. */
export function summaryRatio(results: readonly ScenarioResult[], server: string, baseline: string): string {
  const mean = Math.exp(results.reduce((sum, r) => sum + Math.log(r.ratio), 0) / results.length);
  return ratioLine(mean, server, baseline);
}
