import { camelCase, snakeCase } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

/**
 * Inserts objects (camelCase keys) into `table`, `columns` (snake_case) being the table columns
 * to fill; fields absent from a row are NULL. Rows travel as one JSON parameter per batch,
 * expanded by `json_populate_recordset` into the table's own types: one statement, one
 * parameter, which PGlite parses far faster than thousands of bound parameters.
 */
export const insertRows = async (
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
  batchSize = 5000,
): Promise<void> => {
  if (rows.length === 0) return;
  const keys = columns.map((c) => [c, camelKey(c)] as const);
  const list = columns.join(', ');
  const sql = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [column, key] of keys) {
        const value = row[key];
        out[column] =
          value instanceof Uint8Array ? `\\x${Buffer.from(value).toString('hex')}` : (value ?? null);
      }
      return out;
    });
    await db.query(sql, [JSON.stringify(batch)]);
  }
};

/** snake_case column → camelCase field, checked so that both directions agree. */
const camelKey = (column: string): string => {
  const key = camelCase(column);
  if (snakeCase(key) !== column) throw new Error(`column ${column} has no camelCase field name`);
  return key;
};
