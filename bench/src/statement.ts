/**
 * Statement detail: the statement, its recap lines and the first page of 10,000 movements (the
 * screen of a large broker's month), against pgbench running the same SQL. Generated statements
 * hold at most a few hundred lines, so the benchmark adds one statement of 10,000 movements to
 * broker C0001 (copies of the wholesaler's movements, with a recap that sums them).
 */
import { ensureBigStatement } from './lib/bigStatement.ts';
import { compare, summaryRatio } from './lib/compare.ts';
import { ensurePgDataset } from './lib/dataset.ts';

const BIG = 990_000_001;
const LINES = 10_000;

const dataset = await ensurePgDataset();
await ensureBigStatement(dataset.url, BIG, LINES);

console.log(`Statement benchmark on ${dataset.policies} policies: statement ${BIG} of ${LINES} movements`);
const results = await compare({
  databaseUrl: dataset.url,
  login: 'courtier',
  connections: [Number(process.env.BENCH_STATEMENT_CONNECTIONS ?? 4)],
  scenarios: [
    {
      label: 'statement detail: statement, recap lines, first page of 10,000 movements',
      paths: [
        `/api/commissions/${BIG}`,
        `/api/commissions/bordereau/${BIG}`,
        `/api/mouvements/${BIG}?page=0&size=${LINES}`,
      ],
    },
    {
      label: 'statement detail with the UI page of 20 movements',
      paths: [
        `/api/commissions/${BIG}`,
        `/api/commissions/bordereau/${BIG}`,
        `/api/mouvements/${BIG}?page=0&size=20`,
      ],
    },
  ],
});
console.log(summaryRatio(results, 'server screens/s', 'pgbench tps'));
