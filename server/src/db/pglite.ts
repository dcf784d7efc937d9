/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in this process. The server runs it
 * in a worker thread (`worker`, from EMBEDDED_WORKER, default true: pglite-thread.ts) so that its
 * own thread handles HTTP while PGlite runs SQL; without `worker` it runs in the calling thread
 * (the tests' in-memory databases, which serve one test at a time). One connection only, so a long export must not hold a transaction open:
 * `stream` uses a WITH HOLD cursor (materialised by PostgreSQL in its own spill files, not in JS
 * memory) and fetches batch by batch, letting other requests' queries run between batches.
 */
import { mkdirSync } from 'node:fs';
import { acquireFolderLock, type FolderLock } from './folder-lock.ts';
import type { Engine } from './pglite-engine.ts';
import type { Db, Row } from './types.ts';

let cursorCount = 0;

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
  /** Run PGlite in a worker thread (pglite-thread.ts) rather than the calling thread (the default, for tests). */
  readonly worker?: boolean;
}

/** Opens PGlite on a folder (created if missing) or on `memory://` for tests. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  let lock: FolderLock | undefined;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireFolderLock(dataDir, options.owner);
  }
  try {
    // Loaded only as needed: with the worker, PGlite's module is the worker's, not this thread's.
    const engine = options.worker
      ? await (await import('./pglite-thread.ts')).openWorkerEngine(dataDir, options.loadDataDir)
      : await (await import('./pglite-engine.ts')).openEngine(dataDir, options.loadDataDir);
    return embeddedDb(engine, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function embeddedDb(engine: Engine, lock: FolderLock | undefined): PgliteDb {
  const base = { query: engine.query, exec: engine.exec };
  return {
    kind: 'pglite',
    ...base,
    transaction: (work) => engine.transaction(work),
    session: (work) => work(base),
    async *stream<T extends Row = Row>(sql: string, params: readonly unknown[] = [], batchSize = 1000) {
      cursorCount += 1;
      const cursor = `export_cursor_${cursorCount}`;
      await engine.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params);
      try {
        for (;;) {
          const rows = await engine.query<T>(`FETCH ${Math.max(1, Math.trunc(batchSize))} FROM ${cursor}`);
          if (rows.length === 0) return;
          yield rows;
        }
      } finally {
        await engine.query(`CLOSE ${cursor}`).catch(() => undefined);
      }
    },
    dump: () => engine.dump(),
    lock,
    async close() {
      try {
        await engine.close();
      } finally {
        lock?.release();
      }
    },
  };
}
