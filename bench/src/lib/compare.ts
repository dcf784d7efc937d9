/**
 * The shape shared by the list, search and statement benchmarks: capture the SQL of each request
 * path, then load the server with autocannon and PostgreSQL with pgbench, same connections, same
 * duration, in alternating rounds of the same run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, describeOthers, describeSpread, median, noiseOf, spreadOf } from './alternate.ts';
import { type CapturedStatement, captureRequest } from './capture.ts';
import { CONNECTION_LEVELS, SECONDS } from './env.ts';
import { type LoadResult, loadTest } from './load.ts';
import { limitStatement, type PgbenchResult, runPgbench } from './pgbench.ts';
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
  /** Connection levels, each measured in turn (BENCH_CONNECTIONS, e.g. `8,32`). */
  readonly connections?: readonly number[];
  readonly seconds?: number;
  /** Also run the limit: the screen's data in one statement (pgbench.ts `limitStatement`). */
  readonly limit?: boolean;
  /** Targets from the issue; absent = figures only. `minLimitRatio` applies with `limit`. */
  readonly targets?: {
    readonly minRatio: number;
    readonly maxP99Ms: number;
    readonly minLimitRatio?: number;
    /** The connection level the p99 target is for (default: every level). */
    readonly p99At?: number;
  };
  readonly showSql?: boolean;
}

export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly connections: number;
  readonly statements: readonly CapturedStatement[];
  /** Medians over the rounds. */
  readonly server: LoadResult;
  /** Median ratio to pgbench on the same statements. */
  readonly ratio: number;
  /** Median ratio to the limit, when measured. */
  readonly limitRatio?: number;
  /** The limit's medians over the rounds (transactions are screens), when measured. */
  readonly limit?: { readonly tps: number; readonly p50Ms: number; readonly p99Ms: number };
  /** The server process's CPU per screen, median over the rounds. */
  readonly cpuPerScreenMs: number;
  /** The cores other work used during each round (othersCpu.ts). */
  readonly others: readonly number[];
  readonly noisy: boolean;
}

const middle = (results: readonly LoadResult[]): LoadResult => ({
  requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
  p50Ms: median(results.map((r) => r.p50Ms)),
  p99Ms: median(results.map((r) => r.p99Ms)),
  requests: results.reduce((n, r) => n + r.requests, 0),
  non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  errors: results.reduce((n, r) => n + r.errors, 0),
  bytesPerSecond: median(results.map((r) => r.bytesPerSecond)),
});

const middlePg = (results: readonly PgbenchResult[]) => ({
  tps: median(results.map((r) => r.tps)),
  p50Ms: median(results.map((r) => r.p50Ms)),
  p99Ms: median(results.map((r) => r.p99Ms)),
});

type Figures = { kind: 'http'; load: LoadResult; cpuMs: number } | { kind: 'pg'; result: PgbenchResult };

/**
 * Per scenario and connection level: the server (autocannon), pgbench on the server's own
 * statements (`-M prepared`) and, with `limit`, pgbench on the limit statement, in alternating
 * rounds (alternate.ts); prints medians, spreads and whether the run is too noisy to count.
 */
export async function compare(options: CompareOptions): Promise<ScenarioResult[]> {
  const levels = options.connections ?? CONNECTION_LEVELS;
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
      }
      const limit = options.limit ? limitStatement(statements) : undefined;
      if (options.showSql ?? process.env.BENCH_SHOW_SQL) {
        for (const s of [...statements, ...(limit ? [limit] : [])])
          console.log(`      ${s.sql.replace(/\s+/g, ' ')}\n        params ${JSON.stringify(s.params)}`);
      }
      for (const connections of levels) {
        // Warm the server (JIT, pool, caches) before measuring; pgbench needs no warm-up.
        await loadTest({ url: server.url, paths: scenario.paths, token, connections, seconds: 2 });
        const pg = (name: string, script: readonly CapturedStatement[]) => ({
          name,
          run: async (): Promise<Figures> => ({
            kind: 'pg',
            result: await runPgbench({
              databaseUrl: options.databaseUrl,
              statements: script,
              clients: connections,
              seconds,
              mode: 'prepared',
            }),
          }),
        });
        const contenders = [
          {
            name: 'server',
            run: async (): Promise<Figures> => {
              const cpu = server.cpuMs();
              const load = await loadTest({
                url: server.url,
                paths: scenario.paths,
                token,
                connections,
                seconds,
              });
              return { kind: 'http', load, cpuMs: server.cpuMs() - cpu };
            },
          },
          pg('same', statements),
          ...(limit ? [pg('limit', [limit])] : []),
        ];
        const { figures, loads, others } = await alternate(contenders);
        // autocannon counts requests; one screen is scenario.paths.length requests.
        const http = (figures.get('server') ?? []).map((f) => (f.kind === 'http' ? f : undefined)!);
        const screens = http.map((f) => ({
          ...f.load,
          requestsPerSecond: f.load.requestsPerSecond / scenario.paths.length,
        }));
        const pgOf = (name: string) =>
          (figures.get(name) ?? []).map((f) => (f.kind === 'pg' ? f.result : undefined)!);
        const same = pgOf('same');
        const best = pgOf('limit');
        const ratios = screens.map((s, i) => s.requestsPerSecond / same[i]!.tps);
        const limitRatios = best.length ? screens.map((s, i) => s.requestsPerSecond / best[i]!.tps) : [];
        const spreads = [spreadOf(ratios), ...(limitRatios.length ? [spreadOf(limitRatios)] : [])];
        const noise = noiseOf(spreads, loads, others);
        const cpuPerScreen = median(
          http.map((f, i) => f.cpuMs / (screens[i]!.requests / scenario.paths.length)),
        );
        const row = (label: string, r: { tps: number; p50Ms: number; p99Ms: number }) => [
          label,
          fmt(r.tps),
          fmt(r.p50Ms),
          fmt(r.p99Ms),
        ];
        const m = middle(screens);
        console.log(`  ${connections} connections, ${seconds} s per run, ${loads.length} rounds (medians):`);
        table([
          ['', 'screens/s', 'p50 ms', 'p99 ms'],
          row('server', { tps: m.requestsPerSecond, p50Ms: m.p50Ms, p99Ms: m.p99Ms }),
          row('pgbench, same statements', middlePg(same)),
          ...(best.length ? [row('pgbench, limit (one statement)', middlePg(best))] : []),
        ]);
        if (m.non2xx || m.errors) console.log(`  WARNING: ${m.non2xx} non-2xx answers, ${m.errors} errors`);
        console.log(
          `  server process CPU per screen: ${fmt(cpuPerScreen, 2)} ms (Node: auth, parsing, JSON)`,
        );
        console.log(`  server / same statements: ${describeSpread(spreads[0]!)}`);
        if (limitRatios.length) console.log(`  server / limit: ${describeSpread(spreads[1]!)}`);
        console.log(`  load average per round: ${loads.map((l) => fmt(l)).join(', ')}`);
        console.log(`  other work per round: ${describeOthers(others)}`);
        if (noise.noisy) console.log(`  TOO NOISY TO COUNT: ${noise.why}`);
        const targets = options.targets;
        if (targets && noise.noisy) console.log('  targets not checked: the run is too noisy to count');
        if (targets && !noise.noisy) {
          console.log(
            check(
              'throughput vs same statements',
              spreads[0]!.median >= targets.minRatio,
              `${fmt(spreads[0]!.median * 100, 0)} % (target ≥ ${targets.minRatio * 100} %)`,
            ),
          );
          if (limitRatios.length && targets.minLimitRatio !== undefined)
            console.log(
              check(
                'throughput vs limit',
                spreads[1]!.median >= targets.minLimitRatio,
                `${fmt(spreads[1]!.median * 100, 0)} % (target ≥ ${targets.minLimitRatio * 100} %)`,
              ),
            );
          if (targets.p99At === undefined || targets.p99At === connections)
            console.log(
              check(
                'p99',
                m.p99Ms < targets.maxP99Ms,
                `${fmt(m.p99Ms)} ms (target < ${targets.maxP99Ms} ms)`,
              ),
            );
        }
        results.push({
          scenario,
          connections,
          statements,
          server: m,
          ratio: spreads[0]!.median,
          ...(limitRatios.length ? { limitRatio: spreads[1]!.median, limit: middlePg(best) } : {}),
          cpuPerScreenMs: cpuPerScreen,
          others,
          noisy: noise.noisy,
        });
      }
    }
  } finally {
    await server.close();
  }
  return results;
}

/** The final line over several scenarios: the geometric mean of their median ratios. */
export function summaryRatio(
  results: readonly ScenarioResult[],
  server: string,
  baseline: string,
  pick: (r: ScenarioResult) => number | undefined = (r) => r.ratio,
): string {
  const ratios = results.map(pick).filter((r): r is number => r !== undefined);
  const mean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  const noisy = results.filter((r) => r.noisy).length;
  const note = noisy ? `; ${noisy} of ${results.length} measurements too noisy to count` : '';
  return `${ratioLine(mean, server, baseline)}${note}`;
}
