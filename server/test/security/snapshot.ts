/**
 * A fingerprint of every table's contents (row count and an md5 over the sorted rows), to assert
 * that hostile requests changed nothing. Audit events are left out: failed sign-ins are meant to
 * be recorded.
 */
import type { Db } from '../../src/db/types.ts';

export const TABLES = [
  'users',
  'user_authority',
  'authorities',
  'police',
  'police_assure',
  'commission',
  'commission_pdf',
  'recap_line',
  'commission_mouvement',
  'timeline_event',
] as const;

export async function snapshot(db: Db, tables: readonly string[] = TABLES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
    );
    out[table] = `${row?.n}:${row?.h ?? ''}`;
  }
  return out;
}
