import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { scaleSet } from '@extranet/fixtures';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { guardPool } from '../db/postgres.ts';
import { camelCase } from '../db/rows.ts';
import { tables } from './columns.ts';

export interface CopyLoadOptions {
  readonly policies: number;
  readonly seed?: number | string;
  readonly today?: string;
  /** Empty the business tables first. */
  readonly truncate?: boolean;
  readonly onProgress?: (policies: number) => void;
}

export interface CopyLoadReport {
  readonly policies: number;
  readonly assures: number;
  readonly mouvements: number;
  readonly events: number;
  readonly statements: number;
  readonly recapLines: number;
  /** COPY of every row; building the indexes after; the whole, recounts and ANALYZE included. */
  readonly loadSeconds: number;
  readonly indexSeconds: number;
  readonly seconds: number;
}

const QUEUED_MAX = 16 * 1024 * 1024;

// COPY text format: tab-separated, \N for NULL, backslash escapes.
const field = (v: unknown): string => {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;
};

/**
 * One COPY … FROM STDIN on its own connection, fed in 256 KB chunks. The generator feeds four of
 * them from one loop, so waiting for one stream's drain would leave the other three idle: a
 * stream is waited for only once 16 MB are queued in it (bounded memory, no lock-step).
 */
class CopyWriter {
  private buffer: string[] = [];
  private size = 0;
  count = 0;
  private readonly stream: Writable;
  private readonly keys: readonly string[];
  constructor(client: pg.PoolClient, table: string, columns: readonly string[]) {
    this.keys = columns.map((column) => camelCase(column));
    this.stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
    // Without writes waiting on every drain, a refused COPY surfaces here: kept for the next write.
    this.stream.on('error', (error: Error) => {
      this.failed ??= error;
    });
  }
  private failed: Error | undefined;
  async add(row: object) {
    const values = row as Readonly<Record<string, unknown>>;
    const line = `${this.keys.map((k) => field(values[k])).join('\t')}\n`;
    this.buffer.push(line);
    this.size += line.length;
    this.count++;
    if (this.size > 256_000) await this.flush();
  }
  private async flush() {
    if (this.failed) throw this.failed;
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    this.stream.write(chunk);
    if (this.stream.writableLength > QUEUED_MAX) await once(this.stream, 'drain');
  }
  async end() {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
    if (this.failed) throw this.failed;
  }
}

interface IndexDef {
  readonly name: string;
  readonly table: string;
  readonly sql: string;
}

/** The business tables' indexes that back no constraint (keys and unique business keys stay). */
const secondaryIndexes = async (client: pg.PoolClient): Promise<IndexDef[]> =>
  (
    await client.query<{ name: string; table: string; sql: string }>(
      `select i.indexname as name, i.tablename as table, i.indexdef as sql
         from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.tablename, i.indexname`,
      [Object.values(tables)],
    )
  ).rows;

/** Builds the indexes two at a time (one per core here). */
const buildIndexes = async (pool: pg.Pool, indexes: readonly IndexDef[]) => {
  const queue = [...indexes];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await pool.query(next.sql);
  };
  await Promise.all([worker(), worker()]);
};

/** The write triggers of migration 0008, off during COPY and recounted once after. */
const COUNTED = ['police', 'police_assure'] as const;
const hasScopeCounts = async (client: pg.PoolClient) =>
  (await client.query("select 1 from pg_proc where proname = 'scope_count_refresh'")).rowCount! > 0;

const columnsOf = async (client: pg.PoolClient, table: string) =>
  (
    await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and column_name <> 'id' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);

/**
 * Streams a generated scale set into PostgreSQL through COPY, one connection per table so the
 * four big tables load in parallel; memory stays flat whatever the policy count. Loads first,
 * indexes after: the secondary indexes are dropped before the COPYs and built again from their
 * own definitions once the rows are in (building an index over loaded rows is far cheaper than
 * maintaining it row by row). If the load fails, the tables are emptied and the indexes rebuilt,
 * so the database is left as it was found (empty, or emptied by `truncate`).
 */
export const copyScaleSet = async (
  databaseUrl: string,
  options: CopyLoadOptions,
): Promise<CopyLoadReport> => {
  const started = performance.now();
  const pool = guardPool(new pg.Pool({ connectionString: databaseUrl, max: 5 }));
  try {
    const admin = await pool.connect();
    let indexes: IndexDef[];
    let counted: boolean;
    try {
      if (options.truncate)
        await admin.query(`truncate ${Object.values(tables).join(', ')} restart identity cascade`);
      const [{ n }] = (await admin.query<{ n: number }>('select count(*)::int n from police')).rows as [
        { n: number },
      ];
      if (n > 0) throw new Error('the police table is not empty: pass --truncate to replace its rows');
      indexes = await secondaryIndexes(admin);
      counted = await hasScopeCounts(admin);
      await admin.query('begin');
      if (indexes.length) await admin.query(`drop index ${indexes.map((i) => `"${i.name}"`).join(', ')}`);
      if (counted) for (const t of COUNTED) await admin.query(`alter table ${t} disable trigger user`);
      await admin.query('commit');
    } finally {
      admin.release();
    }
    try {
      const report = await load(pool, options);
      const loaded = performance.now();
      await buildIndexes(pool, indexes);
      const indexed = performance.now();
      await finish(pool, counted);
      await pool.query('analyze');
      return {
        ...report,
        loadSeconds: round((loaded - started) / 1000),
        indexSeconds: round((indexed - loaded) / 1000),
        seconds: round((performance.now() - started) / 1000),
      };
    } catch (error) {
      // Leave the database as it was found: no rows, every index, the triggers on.
      await pool.query(`truncate ${Object.values(tables).join(', ')} restart identity cascade`);
      const present = new Set(
        (await pool.query<{ indexname: string }>('select indexname from pg_indexes')).rows.map(
          (r) => r.indexname,
        ),
      );
      await buildIndexes(
        pool,
        indexes.filter((i) => !present.has(i.name)),
      );
      await finish(pool, counted);
      throw error;
    }
  } finally {
    await pool.end();
  }
};

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** The triggers back on, and the counts they keep made from the loaded rows. */
const finish = async (pool: pg.Pool, counted: boolean) => {
  if (!counted) return;
  for (const t of COUNTED) {
    await pool.query(`alter table ${t} enable trigger user`);
    await pool.query('select scope_count_refresh($1)', [t]);
  }
};

/** The COPYs: four big tables together, then statements and recap lines. */
const load = async (pool: pg.Pool, options: CopyLoadOptions) => {
  const held: pg.PoolClient[] = [];
  const open = async (table: string) => {
    const client = await pool.connect();
    held.push(client);
    return { client, writer: new CopyWriter(client, table, await columnsOf(client, table)) };
  };
  const done = (client: pg.PoolClient) => {
    held.splice(held.indexOf(client), 1);
    client.release();
  };
  try {
    const police = await open(tables.police);
    const assures = await open(tables.assures);
    const mouvements = await open(tables.mouvements);
    const events = await open(tables.events);
    const set = scaleSet(options);
    let count = 0;
    for (const bundle of set.bundles()) {
      await police.writer.add(bundle.police);
      for (const a of bundle.assures) await assures.writer.add(a);
      for (const m of bundle.mouvements) await mouvements.writer.add(m);
      for (const e of bundle.events) await events.writer.add(e);
      if (++count % 50_000 === 0) options.onProgress?.(count);
    }
    for (const { client, writer } of [police, assures, mouvements, events]) {
      await writer.end();
      done(client);
    }
    const { statements, recapLines } = set.statements();
    const commission = await open(tables.commissions);
    for (const s of statements) await commission.writer.add(s);
    await commission.writer.end();
    done(commission.client);
    const recap = await open(tables.recap);
    for (const r of recapLines) await recap.writer.add(r);
    await recap.writer.end();
    done(recap.client);
    return {
      policies: police.writer.count,
      assures: assures.writer.count,
      mouvements: mouvements.writer.count,
      events: events.writer.count,
      statements: statements.length,
      recapLines: recapLines.length,
    };
  } catch (error) {
    // Closing the connections ends their COPYs (rolled back) and frees their locks.
    for (const client of held) client.release(error as Error);
    throw error;
  }
};
