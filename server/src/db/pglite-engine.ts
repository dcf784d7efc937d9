/**
 * PGlite itself: one instance with the project's parsers (parsers.ts), wrapped as the few calls
 * the embedded database makes of it. It runs in the thread that opens it: the server's worker
 * (pglite-worker.ts) or, with EMBEDDED_WORKER=false and in the tests' in-memory databases, the
 * calling thread.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { OID, parseDate, parseInt8, parseSimpleArray } from './parsers.ts';
import type { Queryable, Row } from './types.ts';

export interface Engine extends Queryable {
  /** Runs `work` in one transaction, PGlite's lock held: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The whole data folder as a tar archive. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

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

export async function openEngine(dataDir: string, loadDataDir?: Blob): Promise<Engine> {
  const pg = new PGlite(dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: {
      [OID.INT8]: parseInt8,
      [OID.DATE]: parseDate,
      [OID.INT8_ARRAY]: (v: string) => parseSimpleArray(v, parseInt8),
      [OID.DATE_ARRAY]: (v: string) => parseSimpleArray(v, parseDate),
    },
  });
  await pg.waitReady;
  return {
    ...queryable(pg),
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    dump: () => pg.dumpDataDir('none'),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
