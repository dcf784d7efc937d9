/**
 * The one database interface the server codes against. Two implementations exist:
 * PGlite in process (default) and node-postgres when DATABASE_URL is set. Both speak
 * PostgreSQL's dialect, so SQL written here runs on either.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …) and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements with no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Streams the rows of a query in batches without holding the whole result in memory
   * (a server-side cursor), for exports.
   */
  stream<T extends Row = Row>(
    sql: string,
    params?: readonly unknown[],
    batchSize?: number,
  ): AsyncIterable<T[]>;
  /**
   * Runs `work` on one connection held for its duration (session-level advisory locks need the
   * same connection for lock and unlock); PGlite has only one.
   */
  session<T>(work: (session: Queryable) => Promise<T>): Promise<T>;
  /**
   * Where lists, counts, exports and PDFs read (DATABASE_READ_URL, a streaming replica); absent
   * when there is none. Use `readerOf(db)`.
   */
  readonly reader?: Db;
  close(): Promise<void>;
}

/** The database lists, counts, exports and PDFs read from: the replica when there is one. */
export const readerOf = (db: Db): Db => db.reader ?? db;
