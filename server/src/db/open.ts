import type { Config } from '../config.ts';
import { openPostgres, type PostgresDb } from './postgres.ts';
import type { Db } from './types.ts';

/**
 * The primary with a streaming replica as its reader (DATABASE_READ_URL): lists, counts, exports
 * and PDFs read there (`readerOf`), everything else stays on the primary. An unreachable replica
 * does not stop the start: its queries fail until it answers, and readiness says so.
 */
function withReplica(primary: PostgresDb, readUrl: string, poolSize: number | undefined): Db {
  const replica = openPostgres(readUrl, poolSize);
  return {
    ...primary,
    reader: replica,
    async close() {
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in the data folder. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> &
    Partial<Pick<Config, 'databasePoolSize' | 'databaseReadUrl'>>,
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
    return config.databaseReadUrl ? withReplica(db, config.databaseReadUrl, config.databasePoolSize) : db;
  }
  // Loaded only here: PGlite's module and its WebAssembly are tens of MB a PostgreSQL server never uses.
  const { openPglite } = await import('./pglite.ts');
  return openPglite(config.pgliteDir, owner ? { owner } : {});
}
