/**
 * Scope: how a page's cost grows with the data. In the generator's own sets the grossiste's
 * wholesaler (G0001) covers 20 brokers, 20,000 policies, at every size, so its pages cost the same
 * at any size by construction; here each size of BENCH_SCOPE_SIZES (default 20000,100000,300000)
 * is a set whose G0001 covers GROWS_SHARE of the brokers (`generate --wholesaler-share`, database
 * `bench_extranet_grows_<n>`), so the grossiste's scope grows with the set. On each, the
 * grossiste's list as it opens and its filtered list are measured as `list` measures them
 * (compare.ts: the server, pgbench on its statements and the limit, in alternating rounds), one
 * size after the other (the sets are generated first, when absent). Prints per size the scope,
 * screens/s, p50/p99, server/limit, and the cost of a page (1 / screens/s at the same connections)
 * relative to the smallest size, for the server and for the limit.
 * `BENCH_SCOPE=fixed npm run bench -- scope` measures the same on the generator's own sets.
 */
import { compare, type ScenarioResult, summaryRatio } from './lib/compare.ts';
import { type DatasetInfo, ensurePgDataset } from './lib/dataset.ts';
import { datasetSpec, GROWS_SHARE, scopeGrows } from './lib/env.ts';
import { defaultList, filteredList, LIST_TARGETS } from './lib/listScreens.ts';
import { fmt, table } from './lib/report.ts';

const LOGIN = 'grossiste';

const sizesOf = (text: string): number[] => {
  const sizes = text.split(',').map((s) => Number(s.trim()));
  if (
    sizes.length < 2 ||
    sizes.some((n) => !Number.isInteger(n) || n < 1000) ||
    new Set(sizes).size < sizes.length
  )
    throw new Error(`BENCH_SCOPE_SIZES must list two or more different integers ≥ 1000, not ${text}`);
  return sizes.sort((a, b) => a - b);
};

const sizes = sizesOf(process.env.BENCH_SCOPE_SIZES ?? '20000,100000,300000');
const grows = scopeGrows('grows');

// Every set first (generating one is minutes of both cores), then the measurements.
const sets: DatasetInfo[] = [];
for (const size of sizes) sets.push(await ensurePgDataset(console.log, datasetSpec(size, grows)));

const scope = grows
  ? `G0001 over ${fmt(GROWS_SHARE * 100, 0)} % of the brokers`
  : "G0001 over 20 brokers (the generator's own sets)";
console.log(`\nScope benchmark, ${scope}:`);
table([
  ['database', 'policies', 'movements', 'grossiste scope', 'share'],
  ...sets.map((s) => [
    s.url.replace(/^.*\//, ''),
    fmt(s.policies, 0),
    fmt(s.mouvements, 0),
    fmt(s.grossistePolicies, 0),
    `${fmt((100 * s.grossistePolicies) / s.policies)} %`,
  ]),
]);

const scenarios = [defaultList(LOGIN), filteredList(LOGIN)];
const measured: { set: DatasetInfo; results: ScenarioResult[] }[] = [];
for (const set of sets) {
  console.log(
    `\n== ${fmt(set.policies, 0)} policies, grossiste scope ${fmt(set.grossistePolicies, 0)} policies ==`,
  );
  measured.push({
    set,
    results: await compare({
      databaseUrl: set.url,
      login: LOGIN,
      scenarios,
      limit: true,
      targets: LIST_TARGETS,
    }),
  });
}

// Per page and connection level, each size against the smallest.
const pageName = (r: ScenarioResult) => (r.scenario === scenarios[0] ? 'as it opens' : 'filtered');
const keyOf = (r: ScenarioResult) => `${pageName(r)}|${r.connections}`;
const smallest = new Map(measured[0]!.results.map((r) => [keyOf(r), r]));
const base = measured[0]!.set;
console.log(
  `\nCost per page as the grossiste's scope grows (cost × = screens/s at ${fmt(base.policies, 0)} policies / screens/s at that size, same page and connections):`,
);
const rows: string[][] = [];
for (const key of smallest.keys())
  for (const { set, results } of measured) {
    const r = results.find((x) => keyOf(x) === key)!;
    const first = smallest.get(key)!;
    rows.push([
      pageName(r),
      String(r.connections),
      fmt(set.policies, 0),
      fmt(set.grossistePolicies, 0),
      `×${fmt(set.grossistePolicies / base.grossistePolicies)}`,
      fmt(r.server.requestsPerSecond),
      fmt(r.server.p50Ms),
      fmt(r.server.p99Ms),
      r.limit ? fmt(r.limit.tps) : '-',
      r.limitRatio === undefined ? '-' : fmt(r.limitRatio, 2),
      `×${fmt(first.server.requestsPerSecond / r.server.requestsPerSecond, 2)}`,
      r.limit && first.limit ? `×${fmt(first.limit.tps / r.limit.tps, 2)}` : '-',
      fmt(r.cpuPerScreenMs, 2),
      `${r.others.map((o) => fmt(o)).join(', ')}${r.noisy ? ' noisy' : ''}`,
    ]);
  }
table([
  [
    'page',
    'conns',
    'policies',
    'scope',
    'scope ×',
    'screens/s',
    'p50 ms',
    'p99 ms',
    'limit/s',
    'server/limit',
    'cost ×',
    'limit cost ×',
    'CPU ms/screen',
    'other work (cores)',
  ],
  ...rows,
]);
const all = measured.flatMap((m) => m.results);
const noisy = all.filter((r) => r.noisy).length;
if (noisy) console.log(`  ${noisy} of ${all.length} measurements TOO NOISY TO COUNT (see above)`);
console.log(summaryRatio(all, 'server lists/s', 'limit', (r) => r.limitRatio));
