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
  close(): Promise<void>;
}
