/**
 * List: the policy list as the grossiste (scope over 20 brokers), page of 10, three filters, a
 * sort and the total count, under 32 connections, against pgbench running the same SQL.
 * Targets: server ≥ 60 % of pgbench's throughput, p99 < 100 ms.
 */
import { compare, summaryRatio } from './lib/compare.ts';
import { ensurePgDataset } from './lib/dataset.ts';

const dataset = await ensurePgDataset();
console.log(`List benchmark on ${dataset.policies} policies (${dataset.url.replace(/^.*\//, '')})`);

const filters =
  'statut.equals=En%20cours&risque.in=Sant%C3%A9,Pr%C3%A9voyance%20autre&dateEffet.gte=2015-01-01';
const results = await compare({
  databaseUrl: dataset.url,
  login: 'grossiste',
  scenarios: [
    {
      label: 'grossiste, 3 filters, sorted by creation date (the list default), page 1',
      paths: [`/api/police?${filters}&sort=dateCreation,desc&page=0&size=10`],
    },
    {
      label: 'same filters, sorted by premium (no index in that order), page 1',
      paths: [`/api/police?${filters}&sort=cotisationTtc,desc&page=0&size=10`],
    },
  ],
  targets: { minRatio: 0.6, maxP99Ms: 100 },
});
console.log(summaryRatio(results, 'server lists/s', 'pgbench tps'));
