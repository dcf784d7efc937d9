import { type Config, DEFAULT_MAX_LAG_SECONDS } from '../config.ts';
import { openPostgres, type PostgresDb } from './postgres.ts';
import { openReplicaReader } from './replica-reader.ts';
import type { Db } from './types.ts';

/**
 * The primary with a streaming replica as its reader (DATABASE_READ_URL): lists, counts, exports
 * and PDFs read there (`readerOf`), everything else stays on the primary. An unreachable or
 * lagging replica does not stop the start nor fail a read: its reads go to the primary until it
 * answers and keeps up again (replica-reader.ts).
 */
function withReplica(
  primary: PostgresDb,
  readUrl: string,
  poolSize: number | undefined,
  maxLagSeconds: number,
): Db {
  const reader = openReplicaReader({
    primary,
    readUrl,
    maxLagSeconds,
    ...(poolSize ? { poolSize } : {}),
  });
  return {
    ...primary,
    reader,
    async close() {
      await Promise.all([primary.close(), reader.close()]);
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in the data folder (in a worker thread unless EMBEDDED_WORKER=false). */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir' | 'embeddedWorker'> &
    Partial<Pick<Config, 'databasePoolSize' | 'databaseReadUrl' | 'databaseReadMaxLagSeconds'>>,
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
    return config.databaseReadUrl
      ? withReplica(
          db,
          config.databaseReadUrl,
          config.databasePoolSize,
          config.databaseReadMaxLagSeconds ?? DEFAULT_MAX_LAG_SECONDS,
        )
      : db;
  }
  // Loaded only here: PGlite's module and its WebAssembly are tens of MB a PostgreSQL server never uses.
  const { openPglite } = await import('./pglite.ts');
  return openPglite(config.pgliteDir, { worker: config.embeddedWorker, ...(owner ? { owner } : {}) });
}
