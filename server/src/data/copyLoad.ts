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
  readonly seconds: number;
}

// COPY text format: tab-separated, \N for NULL, backslash escapes.
const field = (v: unknown): string => {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;
};

/** One COPY … FROM STDIN on its own connection, fed in 256 KB chunks with back-pressure. */
class CopyWriter {
  private buffer: string[] = [];
  private size = 0;
  count = 0;
  private readonly stream: Writable;
  private readonly keys: readonly string[];
  constructor(client: pg.PoolClient, table: string, columns: readonly string[]) {
    this.keys = columns.map((column) => camelCase(column));
    this.stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  }
  async add(row: object) {
    const values = row as Readonly<Record<string, unknown>>;
    const line = `${this.keys.map((k) => field(values[k])).join('\t')}\n`;
    this.buffer.push(line);
    this.size += line.length;
    this.count++;
    if (this.size > 256_000) await this.flush();
  }
  private async flush() {
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
  async end() {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
  }
}

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
 * four big tables load in parallel; memory stays flat whatever the policy count.
 */
export const copyScaleSet = async (
  databaseUrl: string,
  options: CopyLoadOptions,
): Promise<CopyLoadReport> => {
  const started = performance.now();
  const pool = guardPool(new pg.Pool({ connectionString: databaseUrl, max: 5 }));
  try {
    const admin = await pool.connect();
    try {
      if (options.truncate)
        await admin.query(`truncate ${Object.values(tables).join(', ')} restart identity cascade`);
      const [{ n }] = (await admin.query<{ n: number }>('select count(*)::int n from police')).rows as [
        { n: number },
      ];
      if (n > 0) throw new Error('the police table is not empty: pass --truncate to replace its rows');
    } finally {
      admin.release();
    }
    const open = async (table: string) => {
      const client = await pool.connect();
      return { client, writer: new CopyWriter(client, table, await columnsOf(client, table)) };
    };
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
      client.release();
    }
    const { statements, recapLines } = set.statements();
    const commission = await open(tables.commissions);
    for (const s of statements) await commission.writer.add(s);
    await commission.writer.end();
    commission.client.release();
    const recap = await open(tables.recap);
    for (const r of recapLines) await recap.writer.add(r);
    await recap.writer.end();
    recap.client.release();
    await pool.query('analyze');
    return {
      policies: police.writer.count,
      assures: assures.writer.count,
      mouvements: mouvements.writer.count,
      events: events.writer.count,
      statements: statements.length,
      recapLines: recapLines.length,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await pool.end();
  }
};
