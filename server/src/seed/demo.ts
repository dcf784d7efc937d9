/**
 * Demo data: the accounts of docs/design.md §7 (here) and the business rows, which live with the
 * entities (`server/src/data/seed.ts`, `seedDemoData(db)`).
 */
import { countUsers } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

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
  // Loaded only when seeding: the demo set's generator brings pdfkit, which a server
  // that does not seed never needs (about 20 MB of resting memory).
  const { seedDemoData } = await import('../data/seed.ts');
  const data = await seedDemoData(db);
  return { accountsCreated, data };
}
