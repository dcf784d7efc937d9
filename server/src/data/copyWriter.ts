import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { camelCase } from '../db/rows.ts';

const QUEUED_MAX = 16 * 1024 * 1024;
const CHUNK = 256_000;
const SPECIAL = /[\\\t\n\r]/;

// COPY text format: tab-separated, \N for NULL, backslash escapes.
const escaped = (s: string): string =>
  SPECIAL.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;

/** The columns COPY fills: every column but the generated `id`, in table order. */
export const columnsOf = async (client: pg.ClientBase, table: string): Promise<string[]> =>
  (
    await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and column_name <> 'id' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);

/**
 * One COPY … FROM STDIN on its own connection, fed in 256 KB chunks. A loop feeds several of
 * them, so waiting for one stream's drain would leave the others idle: a stream is waited for
 * only once 16 MB are queued in it (bounded memory, no lock-step).
 */
export class CopyWriter {
  private chunk = '';
  count = 0;
  private readonly stream: Writable;
  private readonly keys: readonly string[];
  private failed: Error | undefined;
  constructor(client: pg.ClientBase, table: string, columns: readonly string[]) {
    this.keys = columns.map((column) => camelCase(column));
    this.stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
    // Without writes waiting on every drain, a refused COPY surfaces here: kept for the next write.
    this.stream.on('error', (error: Error) => {
      this.failed ??= error;
    });
  }
  /** Appends the row's line to the chunk (one string grown in place, no per-field array). */
  async add(row: object) {
    const values = row as Readonly<Record<string, unknown>>;
    const keys = this.keys;
    let line = '';
    for (let i = 0; i < keys.length; i++) {
      const v = values[keys[i]!];
      if (i > 0) line += '\t';
      line += v === null || v === undefined ? '\\N' : typeof v === 'string' ? escaped(v) : String(v);
    }
    this.chunk += `${line}\n`;
    this.count++;
    if (this.chunk.length > CHUNK) await this.flush();
  }
  private async flush() {
    if (this.failed) throw this.failed;
    const chunk = this.chunk;
    this.chunk = '';
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
