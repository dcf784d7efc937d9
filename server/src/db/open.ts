import type { Config } from '../config.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite in the data folder. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  /** Who opens an embedded folder, as a second process is told when it finds it locked. */
  owner?: string,
): Promise<Db> {
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl, config.databasePoolSize);
    try {
      await db.query('SELECT 1'); // fail at start, with the driver's message, when the server is unreachable
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return db;
  }
  // Loaded only here: PGlite's module and its WebAssembly are tens of MB a PostgreSQL server never uses.
  const { openPglite } = await import('./pglite.ts');
  return openPglite(config.pgliteDir, owner ? { owner } : {});
}
