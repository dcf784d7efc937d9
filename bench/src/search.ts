/**
 * Global search (`q=`, a case-insensitive contains over the visible search fields) and the
 * predefined filters of docs/product.md §4, as the grossiste, page of 10 with the total count, 32
 * connections, against pgbench running the same SQL. Same targets as the list.
 */
import { compare, summaryRatio } from './lib/compare.ts';
import { ensurePgDataset } from './lib/dataset.ts';

const dataset = await ensurePgDataset();
console.log(`Search benchmark on ${dataset.policies} policies (${dataset.url.replace(/^.*\//, '')})`);

const page = 'page=0&size=10';
const results = await compare({
  databaseUrl: dataset.url,
  login: 'grossiste',
  scenarios: [
    { label: 'q= a surname (contains over 14 fields)', paths: [`/api/police?q=moreau&${page}`] },
    { label: 'q= a policy number fragment', paths: [`/api/police?q=10004&${page}`] },
    { label: 'preset IMP (unpaid)', paths: [`/api/police?preset=IMP&${page}`] },
    {
      label: 'preset SEF (no effect, sorted by termination request date)',
      paths: [`/api/police?preset=SEF&${page}`],
    },
    { label: 'preset VIG (in force)', paths: [`/api/police?preset=VIG&${page}`] },
  ],
  targets: { minRatio: 0.6, maxP99Ms: 100 },
});
console.log(summaryRatio(results, 'server searches/s', 'pgbench tps'));
