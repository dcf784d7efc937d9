/**
 * Demo data: the accounts of ARCHITECTURE §7 (here) and the business rows, which live with the
 * entities in `server/src/data/seed.ts` (exporting `seedDemoData(db)`) once that module exists.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countUsers } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

const DATA_SEED = new URL('../data/seed.ts', import.meta.url);

export interface DemoSeedReport {
  readonly accountsCreated: readonly string[];
  readonly data: unknown;
}

/** Whether `npm start` loads the demo set: on an empty embedded database, or when SEED_DEMO=true. */
export async function shouldSeedDemo(
  db: Db,
  config: Pick<Config, 'databaseUrl' | 'seedDemo'>,
): Promise<boolean> {
  if (config.seedDemo !== undefined) return config.seedDemo;
  if (config.databaseUrl) return false;
  return (await countUsers(db)) === 0;
}

/** Loads the demo accounts and business data; safe to run again (creates only what is missing). */
export async function seedDemo(db: Db, hashRounds?: number): Promise<DemoSeedReport> {
  const accountsCreated = await seedDemoAccounts(db, hashRounds);
  let data: unknown;
  if (existsSync(fileURLToPath(DATA_SEED))) {
    const module = (await import(DATA_SEED.href)) as { seedDemoData?: (db: Db) => Promise<unknown> };
    if (typeof module.seedDemoData === 'function') data = await module.seedDemoData(db);
  }
  return { accountsCreated, data };
}
