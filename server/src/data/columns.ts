import type { Queryable } from '../db/types.ts';

/** The business tables and the spec names of their rows. */
export const tables = {
  police: 'police',
  assures: 'police_assure',
  commissions: 'commission',
  recap: 'recap_line',
  mouvements: 'commission_mouvement',
  events: 'timeline_event',
  pdf: 'commission_pdf',
} as const;

/**
 * The tables a generated set fills: the four big ones each slice COPYs, then the statements and
 * recap lines made from their totals.
 */
export const GENERATED_TABLES = [
  tables.police,
  tables.assures,
  tables.mouvements,
  tables.events,
  tables.commissions,
  tables.recap,
] as const;

export interface Column {
  readonly name: string;
  readonly type: string;
}

/**
 * The table's columns as the migrations made them (minus the generated `id`), read from the
 * catalogue so that rows map by name and a renamed column is caught instead of silently dropped.
 */
export const tableColumns = async (db: Queryable, table: string): Promise<Column[]> => {
  const rows = await db.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.filter((r) => r.column_name !== 'id').map((r) => ({ name: r.column_name, type: r.data_type }));
};
