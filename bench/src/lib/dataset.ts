/**
 * The PostgreSQL data set of the benchmarks: a database per size, filled once by the data
 * package's `generate` command (COPY), migrated (index migrations included), vacuumed so that
 * index-only scans work, and given the demo accounts plus a bench admin that may export.
 */
import { spawn } from 'node:child_process';
import { ANOMALY_RULES } from '../../../core/src/domain/policyLifecycle/anomalyRules.ts';
import { insertUser } from '../../../server/src/accounts/users.ts';
import { hashPassword } from '../../../server/src/auth/passwords.ts';
import { migrate } from '../../../server/src/db/migrate.ts';
import { openPostgres, withClient } from '../../../server/src/db/postgres.ts';
import { seedDemoAccounts } from '../../../server/src/seed/demo-accounts.ts';
import { DATASET, type DatasetSpec, databaseUrl, NODE, PG_SERVER_URL, ROOT } from './env.ts';

/** `generate` adds a policy per anomaly rule for two brokers past the set (docs/reconciliation.md). */
const INJECTED_MAX = 2 * ANOMALY_RULES.length;

export interface DatasetInfo {
  readonly url: string;
  readonly policies: number;
  readonly mouvements: number;
  /** The policies of the `grossiste` account's wholesaler, G0001: its list's scope. */
  readonly grossistePolicies: number;
}

/** The wholesaler of the demo account `grossiste` (server/src/seed/demo-accounts.ts). */
const GROSSISTE_WHOLESALER = 'G0001';

/** Sees every row and may export every column: the account of the export benchmark. */
export const BENCH_ADMIN = {
  login: 'benchadmin',
  roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'],
};

const createDatabase = (name: string): Promise<boolean> =>
  withClient(PG_SERVER_URL, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database ${client.escapeIdentifier(name)}`);
    return true;
  });

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Creates and fills the database of `spec` (default: BENCH_POLICIES, BENCH_SCOPE, BENCH_DB) when
 * absent, checks a present one holds that set, and makes it ready to measure.
 */
export async function ensurePgDataset(log = console.log, spec: DatasetSpec = DATASET): Promise<DatasetInfo> {
  const { policies, db: name, wholesalerShare } = spec;
  const url = databaseUrl(name);
  if (await createDatabase(name)) log(`Created database ${name}`);
  const db = openPostgres(url, 2);
  try {
    await migrate(db);
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from police')) as [
      { n: number },
    ];
    if (n === 0) {
      const share = wholesalerShare === undefined ? [] : ['--wholesaler-share', String(wholesalerShare)];
      log(`Generating ${policies} policies into ${name} (once; minutes for a million)…`);
      await run(['server/src/commands/generate.ts', '--policies', String(policies), ...share], {
        DATABASE_URL: url,
      });
    } else if (n < policies || n > policies + INJECTED_MAX) {
      throw new Error(`${name} holds ${n} policies, not ${policies}: drop it or set BENCH_DB`);
    }
    // After a bulk load the visibility map is empty: without VACUUM every count visits the heap.
    const [{ vacuumed }] = (await db.query<{ vacuumed: boolean }>(
      `select coalesce(bool_and(last_vacuum is not null or last_autovacuum is not null), false) as vacuumed
         from pg_stat_user_tables where relname in ('police', 'commission_mouvement')`,
    )) as [{ vacuumed: boolean }];
    if (!vacuumed) {
      log('VACUUM ANALYZE after the bulk load…');
      await db.exec('vacuum analyze');
    }
    await seedDemoAccounts(db, 4);
    if ((await db.query('select 1 from users where login = $1', [BENCH_ADMIN.login])).length === 0) {
      await insertUser(
        db,
        {
          login: BENCH_ADMIN.login,
          passwordHash: await hashPassword(BENCH_ADMIN.login, 4),
          firstName: 'Bench',
          lastName: 'Admin',
          email: 'benchadmin@bench.extranet.example',
          activated: true,
          langKey: 'fr',
          marque: null,
          codeCourtier: null,
          authorities: BENCH_ADMIN.roles,
        },
        'bench',
      );
    }
    const [{ m }] = (await db.query<{ m: number }>(
      'select reltuples::bigint as m from pg_class where relname = $1',
      ['commission_mouvement'],
    )) as [{ m: number }];
    // The grossiste account's scope: its wholesaler's policies (20,000 unless the scope grows).
    const [{ scope }] = (await db.query<{ scope: number }>(
      'select count(*)::int as scope from police where code_courtier_grossiste_portail = $1',
      [GROSSISTE_WHOLESALER],
    )) as [{ scope: number }];
    return { url, policies, mouvements: Number(m), grossistePolicies: scope };
  } finally {
    await db.close();
  }
}
