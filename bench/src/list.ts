/**
 * List: the policy list as the grossiste (scope over 20 brokers), a courtier and
 * an admin, with the portfolio's usual filters and with every preset, page of 10 with both counts,
 * at 8 and 32 connections, against pgbench on the server's own statements and against the limit
 * (the screen's data in one statement, no account lookup), in alternating rounds.
 * Targets: ≥ 0.8 of the same statements, ≥ 0.6 of the limit, p99 < 100 ms at 8 connections.
 * `npm run bench -- list presets` runs the presets only, `list filters` the filtered lists only.
 */
import { compare, type Scenario, summaryRatio } from './lib/compare.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { filteredList, LIST_TARGETS, PRESETS, presetList } from './lib/listScreens.ts';

const dataset = await ensurePgDataset();
console.log(`List benchmark on ${dataset.policies} policies (${dataset.url.replace(/^.*\//, '')})`);

const only = process.argv[2];

const byLogin = new Map<string, Scenario[]>();
const add = (login: string, scenario: Scenario) =>
  byLogin.set(login, [...(byLogin.get(login) ?? []), scenario]);
for (const login of ['grossiste', 'courtier', 'benchadmin']) {
  if (only !== 'presets') add(login, filteredList(login));
  if (only !== 'filters' && login === 'grossiste')
    for (const preset of PRESETS) add(login, presetList(login, preset));
}

const results = [];
for (const [login, scenarios] of byLogin) {
  results.push(
    ...(await compare({
      databaseUrl: dataset.url,
      login,
      scenarios,
      limit: true,
      targets: LIST_TARGETS,
    })),
  );
}
console.log(summaryRatio(results, 'server lists/s', 'pgbench on the same statements'));
console.log(summaryRatio(results, 'server lists/s', 'limit', (r) => r.limitRatio));
