/**
 * `npm run generate -- --policies 1000000 [--seed 1] [--truncate] [--workers <n>]`
 * Generates a large deterministic data set (about 10 movements and 5 timeline events per policy,
 * one broker per 1,000 policies) and streams it into the PostgreSQL of DATABASE_URL with COPY,
 * one generator thread per core (or `--workers`), each loading its slice of the policies.
 * The embedded database gets the demo set at first start instead (docs/design.md §7).
 */
import { parseArgs } from 'node:util';
import { loadConfig, redactUrl } from '../config.ts';
import { copyScaleSet } from '../data/copyLoad.ts';
import { migrate } from '../db/migrate.ts';
import { openCommandDb } from './open-db.ts';

const usage =
  'usage: DATABASE_URL=postgres://… npm run generate -- --policies <n> [--seed <seed>] [--truncate] [--workers <n>]';

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      policies: { type: 'string' },
      seed: { type: 'string' },
      truncate: { type: 'boolean' },
      workers: { type: 'string' },
    },
  });
  const policies = Number(values.policies);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (
    !Number.isInteger(policies) ||
    policies < 1 ||
    (workers !== undefined && !(Number.isInteger(workers) && workers >= 1))
  ) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(`generate loads PostgreSQL only: set DATABASE_URL.\n${usage}`);
    return 2;
  }
  const db = await openCommandDb(config, 'npm run generate');
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  console.log(`Generating ${policies} policies into ${redactUrl(config.databaseUrl)}…`);
  const report = await copyScaleSet(config.databaseUrl, {
    policies,
    ...(values.seed ? { seed: values.seed } : {}),
    truncate: values.truncate ?? false,
    ...(workers ? { workers } : {}),
    onProgress: (n) => console.log(`  ${n} policies`),
  });
  console.log(
    `Loaded ${report.policies} policies, ${report.assures} insured persons, ${report.mouvements} movements, ` +
      `${report.events} events, ${report.statements} statements, ${report.recapLines} recap lines in ${report.seconds} s ` +
      `(COPY ${report.loadSeconds} s, then indexes ${report.indexSeconds} s)`,
  );
  return 0;
};

process.exitCode = await main();
