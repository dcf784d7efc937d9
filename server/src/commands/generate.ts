/**
 * `npm run generate -- --policies 1000000 [--seed 1] [--truncate] [--workers <n>] [--clean] [--manifest <file>] [--wholesaler-share <fraction>]`
 * Generates a large deterministic data set (about 10 movements and 5 timeline events per policy,
 * one broker per 1,000 policies, one wholesaler per 20 brokers; with `--wholesaler-share`, the
 * first wholesaler, G0001, covers that share of the brokers instead, so its scope grows with the
 * set: fixtures' `scaleBrokers`) and streams it into the PostgreSQL of DATABASE_URL with COPY,
 * one generator thread per core (or `--workers`), each loading its slice of the policies. Unless
 * `--clean`, one more policy per anomaly rule for the first and the last broker carries a known
 * commission error, and the manifest of what detection must find is written to `--manifest`
 * (default `generated-anomalies.json`; docs/reconciliation.md).
 * The embedded database gets the demo set at first start instead (docs/design.md §7).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWholesalerShare } from '@extranet/fixtures';
import { loadConfig, redactUrl } from '../config.ts';
import { copyScaleSet } from '../data/copyLoad.ts';
import { migrate } from '../db/migrate.ts';
import { openCommandDb } from './open-db.ts';

const usage =
  'usage: DATABASE_URL=postgres://… npm run generate -- --policies <n> [--seed <seed>] [--truncate] [--workers <n>] [--clean] [--manifest <file>] [--wholesaler-share <fraction>]';

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      policies: { type: 'string' },
      seed: { type: 'string' },
      truncate: { type: 'boolean' },
      workers: { type: 'string' },
      clean: { type: 'boolean' },
      manifest: { type: 'string' },
      'wholesaler-share': { type: 'string' },
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
  // Checked before anything is opened: a bad share writes nothing.
  const share = values['wholesaler-share'];
  let wholesalerShare: number | undefined;
  try {
    wholesalerShare = share === undefined ? undefined : checkWholesalerShare(Number(share));
  } catch (error) {
    console.error(`--wholesaler-share ${share}: ${(error as Error).message}\n${usage}`);
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
  const scope =
    wholesalerShare === undefined
      ? ''
      : `, wholesaler G0001 over ${Number((wholesalerShare * 100).toFixed(4))} % of the brokers`;
  console.log(`Generating ${policies} policies into ${redactUrl(config.databaseUrl)}${scope}…`);
  const report = await copyScaleSet(config.databaseUrl, {
    policies,
    ...(values.seed ? { seed: values.seed } : {}),
    ...(wholesalerShare === undefined ? {} : { wholesalerShare }),
    truncate: values.truncate ?? false,
    ...(workers ? { workers } : {}),
    anomalies: values.clean !== true,
    onProgress: (n) => console.log(`  ${n} policies`),
  });
  console.log(
    `Loaded ${report.policies} policies, ${report.assures} insured persons, ${report.mouvements} movements, ` +
      `${report.events} events, ${report.statements} statements, ${report.recapLines} recap lines in ${report.seconds} s ` +
      `(COPY ${report.loadSeconds} s, then indexes ${report.indexSeconds} s, anomalies ${report.reconcileSeconds} s)`,
  );
  if (report.manifest.length > 0) {
    const file = resolve(values.manifest ?? 'generated-anomalies.json');
    writeFileSync(file, `${JSON.stringify(report.manifest, null, 2)}\n`);
    console.log(`Injected ${report.manifest.length} known commission errors: manifest ${file}`);
  }
  return 0;
};

process.exitCode = await main();
