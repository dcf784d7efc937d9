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

const dataset = await ensurePgDataset();
console.log(`List benchmark on ${dataset.policies} policies (${dataset.url.replace(/^.*\//, '')})`);

const only = process.argv[2];
const page = 'sort=dateCreation,desc&page=0&size=10';
const filters =
  'statut.equals=En%20cours&risque.in=Sant%C3%A9,Pr%C3%A9voyance%20autre&dateEffet.gte=2015-01-01';
const PRESETS = ['NOF', 'SEF', 'RES', 'IMP', 'MED', 'NRS', 'VIG'];

const byLogin = new Map<string, Scenario[]>();
const add = (login: string, scenario: Scenario) =>
  byLogin.set(login, [...(byLogin.get(login) ?? []), scenario]);
for (const login of ['grossiste', 'courtier', 'benchadmin']) {
  if (only !== 'presets')
    add(login, {
      label: `${login}: status, risks and effective date, default sort`,
      paths: [`/api/police?${filters}&${page}`],
    });
  if (only !== 'filters' && login === 'grossiste')
    for (const preset of PRESETS)
      add(login, {
        label: `${login}: preset ${preset}`,
        paths: [`/api/police?preset=${preset}&page=0&size=10`],
      });
}

const results = [];
for (const [login, scenarios] of byLogin) {
  results.push(
    ...(await compare({
      databaseUrl: dataset.url,
      login,
      scenarios,
      limit: true,
      targets: { minRatio: 0.8, minLimitRatio: 0.6, maxP99Ms: 100, p99At: 8 },
    })),
  );
}
console.log(summaryRatio(results, 'server lists/s', 'pgbench on the same statements'));
console.log(summaryRatio(results, 'server lists/s', 'limit', (r) => r.limitRatio));
