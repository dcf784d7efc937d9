/**
 * The generated set the EXPLAIN test plans against: a PostgreSQL database `extranet_explain`
 * loaded with the project's scale generator through COPY, then indexed, vacuumed and analysed.
 * It is kept after the run and reused while its fingerprint (size, seed, brokers, schema) is the
 * same, so only the first run on a machine pays for the load; a later migration is applied to it.
 */
import { scaleBrokers } from '@extranet/fixtures';
import { type CopyLoadOptions, copyScaleSet } from '../../src/data/copyLoad.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { databaseUrlOn, openPostgres, type PostgresDb, withClient } from '../../src/db/postgres.ts';

export const EXPLAIN_DATABASE = 'extranet_explain';

/**
 * 10,000 policies over 500 brokers (20 wholesalers of 20): a broker holds 0.2 % of the rows and
 * a wholesaler 4 %, close to the 0.1 % and 2 % of the 1,000,000-policy set (one broker per
 * 1,000 policies), so the planner weighs the same selectivities; the load takes under a minute.
 */
export const SET = { policies: 10_000, brokers: 500, seed: 11, today: '2026-06-15' } as const;

const LOCK_KEY = 727_274_006; // any constant: the advisory lock id for making the set

/** Migrations up to this one create the tables; the later ones (indexes) are built after the load. */
const SCHEMA_VERSION = 2;

export interface ExplainSet {
  readonly db: PostgresDb;
  readonly url: string;
  /** What happened: `generated in N s`, `reused`, or `reused, applied 0006_x.sql`. */
  readonly origin: string;
}

function fingerprint(): string {
  const schema = readMigrations()
    .filter((m) => m.version <= SCHEMA_VERSION)
    .map((m) => m.checksum);
  return JSON.stringify({ ...SET, schema });
}

/** Null when the database holds no finished set (a load that stopped half-way has no row). */
async function storedFingerprint(db: PostgresDb): Promise<string | null> {
  const rows = await db.query<{ fingerprint: string }>('select fingerprint from explain_set').catch(() => []);
  return rows[0]?.fingerprint ?? null;
}

async function tryReuse(adminUrl: string, url: string): Promise<ExplainSet | null> {
  const exists = await withClient(adminUrl, (c) =>
    c.query('select 1 from pg_database where datname = $1', [EXPLAIN_DATABASE]),
  );
  if (exists.rowCount === 0) return null;
  const db = openPostgres(url, 3);
  try {
    if ((await storedFingerprint(db)) !== fingerprint()) {
      await db.close();
      return null;
    }
    const report = await migrate(db);
    if (report.changed.length > 0) {
      await db.close();
      return null;
    }
    if (report.applied.length > 0) await db.exec('vacuum analyze');
    const applied = report.applied.length > 0 ? `, applied ${report.applied.join(', ')}` : '';
    return { db, url, origin: `reused${applied}` };
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function generate(adminUrl: string, url: string): Promise<ExplainSet> {
  const started = performance.now();
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${EXPLAIN_DATABASE} with (force)`);
    await c.query(`create database ${EXPLAIN_DATABASE}`);
  });
  const db = openPostgres(url, 3);
  try {
    const migrations = readMigrations();
    // Indexes built once over loaded tables are far cheaper than maintained row by row in COPY.
    await migrate(
      db,
      migrations.filter((m) => m.version <= SCHEMA_VERSION),
    );
    // copyScaleSet hands its options to the generator's scaleSet, which takes the broker list.
    const options: CopyLoadOptions & { brokers: ReturnType<typeof scaleBrokers> } = {
      policies: SET.policies,
      seed: SET.seed,
      today: SET.today,
      brokers: scaleBrokers(SET.brokers),
    };
    await copyScaleSet(url, options);
    await migrate(db, migrations);
    // VACUUM sets the visibility map, without which no index-only scan is ever chosen.
    await db.exec('vacuum analyze');
    await db.exec('create table explain_set (fingerprint text not null)');
    await db.query('insert into explain_set (fingerprint) values ($1)', [fingerprint()]);
    const seconds = Math.round((performance.now() - started) / 1000);
    return { db, url, origin: `generated in ${seconds} s` };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Opens the generated set, making it first when it is missing or made from other parameters. */
export async function openExplainSet(adminUrl: string): Promise<ExplainSet> {
  const url = databaseUrlOn(adminUrl, EXPLAIN_DATABASE);
  // Two runs at once (a developer's and the full suite's) must not drop each other's set.
  return withClient(adminUrl, async (lock) => {
    await lock.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      return (await tryReuse(adminUrl, url)) ?? (await generate(adminUrl, url));
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
