/**
 * The embedded database: PostgreSQL compiled to WebAssembly, running in this process.
 * One connection only, so a long export must not hold a transaction open: `stream` uses a
 * WITH HOLD cursor (materialised by PostgreSQL in its own spill files, not in JS memory) and
 * fetches batch by batch, letting other requests' queries run between batches.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireFolderLock, type FolderLock } from './folder-lock.ts';
import { OID, parseDate, parseInt8, parseSimpleArray } from './parsers.ts';
import type { Db, Queryable, Row } from './types.ts';

let cursorCount = 0;

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export type PgliteDb = Db & {
  /** The whole data folder as a tar archive (to start other databases from it). */
  dump(): Promise<Blob>;
  /** The data folder's lock (db/folder-lock.ts); undefined in memory. */
  readonly lock: FolderLock | undefined;
};

export interface PgliteOptions {
  /** Start from this dumped data folder instead of running initdb (tests). */
  readonly loadDataDir?: Blob;
  /** Who holds the folder, as other processes are told (`server`, `npm run import`). */
  readonly owner?: string;
}

/** Opens PGlite on a folder (created if missing) or on `memory://` for tests. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  let lock: FolderLock | undefined;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireFolderLock(dataDir, options.owner);
  }
  try {
    return await open(dataDir, options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function open(
  dataDir: string,
  options: PgliteOptions,
  lock: FolderLock | undefined,
): Promise<PgliteDb> {
  const pg = new PGlite(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: {
      [OID.INT8]: parseInt8,
      [OID.DATE]: parseDate,
      [OID.INT8_ARRAY]: (v: string) => parseSimpleArray(v, parseInt8),
      [OID.DATE_ARRAY]: (v: string) => parseSimpleArray(v, parseDate),
    },
  });
  await pg.waitReady;
  const base = queryable(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    session: (work) => work(base),
    async *stream<T extends Row = Row>(sql: string, params: readonly unknown[] = [], batchSize = 1000) {
      cursorCount += 1;
      const cursor = `export_cursor_${cursorCount}`;
      await pg.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params as unknown[]);
      try {
        for (;;) {
          const { rows } = await pg.query<T>(`FETCH ${Math.max(1, Math.trunc(batchSize))} FROM ${cursor}`);
          if (rows.length === 0) return;
          yield rows;
        }
      } finally {
        await pg.query(`CLOSE ${cursor}`).catch(() => undefined);
      }
    },
    dump: () => pg.dumpDataDir('none'),
    lock,
    async close() {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}
