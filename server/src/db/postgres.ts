/**
 * A PostgreSQL server through a node-postgres pool. `stream` reads a server-side cursor
 * (pg-query-stream) on one pooled client, with back-pressure, batch by batch.
 */
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { OID, parseDate, parseInt8, parseSimpleArray } from './parsers.ts';
import type { Db, Queryable, Row } from './types.ts';

const parsers: Record<number, (value: string) => unknown> = {
  [OID.INT8]: parseInt8,
  [OID.DATE]: parseDate,
  [OID.INT8_ARRAY]: (v) => parseSimpleArray(v, parseInt8),
  [OID.DATE_ARRAY]: (v) => parseSimpleArray(v, parseDate),
};

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Statements the pool's connections keep prepared. PostgreSQL takes longer to plan a list's page
 * and counts than to run them (on the 1,000,000-policy set, 0.27 ms against 0.18 for a page: the
 * planner weighs police's 60 indexes), and a prepared statement is parsed and analysed once per
 * connection, its plan kept when it is no worse. Names go to the first PREPARED_MAX distinct
 * texts of the process, so no connection holds more; only statements with parameters (one
 * statement each: a prepared statement cannot hold several).
 */
const PREPARED_MAX = 200;
const names = new Map<string, string>();
const nameOf = (sql: string, params: readonly unknown[]): string | undefined => {
  if (params.length === 0) return undefined;
  let name = names.get(sql);
  if (name === undefined && names.size < PREPARED_MAX) {
    name = `x${names.size}`;
    names.set(sql, name);
  }
  return name;
};
/** A prepared `select *` whose table gained a column since (SQLSTATE 0A000): run it unprepared. */
const planChanged = (error: unknown) => (error as { code?: string }).code === '0A000';

function poolQueryable(pool: pg.Pool): Queryable {
  const base = queryable(pool);
  return {
    ...base,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const name = nameOf(sql, params);
      if (name === undefined) return base.query<T>(sql, params);
      try {
        return (await pool.query<T>({ name, text: sql, values: params as unknown[], types })).rows;
      } catch (error) {
        if (!planChanged(error)) throw error;
        return base.query<T>(sql, params);
      }
    },
  };
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T>({ text: sql, values: params as unknown[], types });
      return result.rows;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type PostgresDb = Db & { readonly pool: pg.Pool; poolStats(): PoolStats };

/**
 * Every client of `pool`, idle or checked out (a transaction, a cursor, the COPY export), gets
 * an 'error' listener the moment it connects: when PostgreSQL ends a connection (a restart, a
 * failover, `pg_terminate_backend`, an idle-session timeout), a client with no listener would
 * throw the error out of the event loop and end the process. The failure still reaches whoever
 * uses the client through its pending or next query, and pg-pool discards a client that is no
 * longer queryable instead of lending it again.
 */
export function guardPool(pool: pg.Pool, onError: (error: Error) => void = () => undefined): pg.Pool {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}

/**
 * Runs `work` on one connection of its own, closed after it: what a pool is not for (creating or
 * dropping a database from the server's maintenance database, a session-level advisory lock held
 * across other work, a COPY to the server's files).
 */
export async function withClient<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same PostgreSQL server (same host, port and user). */
export function databaseUrlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function openPostgres(
  connectionString: string,
  max = 10,
  /** A replica gives up connecting sooner than the primary (db/replica-reader.ts). */
  options: { readonly connectionTimeoutMillis?: number } = {},
): PostgresDb {
  // Named in pg_stat_activity (PGAPPNAME overrides): an operator, and the benchmarks' measure of
  // other work, tell the product's backends from everyone else's.
  const application_name = process.env.PGAPPNAME ?? 'extranet';
  const pool = guardPool(new pg.Pool({ connectionString, max, types, application_name, ...options }));
  const base = poolQueryable(pool);
  return {
    kind: 'postgres',
    pool,
    ...base,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async session(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        return await work(queryable(client));
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        // A session that failed may hold a lock or a half-read result: never lend it again.
        client.release(broken);
      }
    },
    async *stream<T extends Row = Row>(sql: string, params: readonly unknown[] = [], batchSize = 1000) {
      const size = Math.max(1, Math.trunc(batchSize));
      const client = await pool.connect();
      let clientError: Error | undefined;
      const onError = (error: Error) => {
        clientError = error;
      };
      client.on('error', onError);
      const query = new QueryStream(sql, params as unknown[], {
        batchSize: size,
        highWaterMark: size,
        types,
      });
      const rows = client.query(query);
      let failed = false;
      try {
        let batch: T[] = [];
        for await (const row of rows) {
          batch.push(row as T);
          if (batch.length >= size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        client.off('error', onError);
        if (clientError) failed = true;
        if (!rows.destroyed) rows.destroy();
        // A client whose cursor was abandoned half-way is discarded rather than reused.
        client.release(failed || !rows.readableEnded);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
