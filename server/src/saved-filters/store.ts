/** The saved_filters table (migration 0017): a user's saved lists, each row reachable by its owner only. */
import type { Db, Queryable } from '../db/types.ts';

export interface SavedFilterValues {
  readonly name: string;
  readonly list: string;
  readonly query: string;
  readonly isDefault: boolean;
}

export interface SavedFilter extends SavedFilterValues {
  readonly id: number;
  readonly createdDate: string;
  readonly lastModifiedDate: string;
}

const COLUMNS = `id, name, list, query, is_default, created_date, last_modified_date`;

const toSavedFilter = (row: Record<string, unknown>): SavedFilter => ({
  id: Number(row.id),
  name: row.name as string,
  list: row.list as string,
  query: row.query as string,
  isDefault: row.is_default === true,
  createdDate: new Date(row.created_date as string).toISOString(),
  lastModifiedDate: new Date(row.last_modified_date as string).toISOString(),
});

/** The user's saved lists (of one list when given), by list then name. */
export async function listSavedFilters(
  db: Queryable,
  userId: number,
  list: string | null,
): Promise<SavedFilter[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM saved_filters WHERE user_id = $1 AND ($2::text IS NULL OR list = $2)
      ORDER BY list, lower(name), id`,
    [userId, list],
  );
  return rows.map(toSavedFilter);
}

/** One of the user's saved lists; another user's is undefined, like one that does not exist. */
export async function getSavedFilter(
  db: Queryable,
  userId: number,
  id: number,
): Promise<SavedFilter | undefined> {
  const [row] = await db.query(`SELECT ${COLUMNS} FROM saved_filters WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row === undefined ? undefined : toSavedFilter(row);
}

/** A new default takes the place of the list's previous one (one default per user and list). */
const clearDefault = (tx: Queryable, userId: number, list: string, keep: number | null) =>
  tx.query(
    `UPDATE saved_filters SET is_default = false, last_modified_date = now()
      WHERE user_id = $1 AND list = $2 AND is_default AND id IS DISTINCT FROM $3`,
    [userId, list, keep],
  );

export async function createSavedFilter(
  db: Db,
  userId: number,
  values: SavedFilterValues,
): Promise<SavedFilter> {
  return db.transaction(async (tx) => {
    if (values.isDefault) await clearDefault(tx, userId, values.list, null);
    const [row] = await tx.query(
      `INSERT INTO saved_filters (user_id, name, list, query, is_default) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS}`,
      [userId, values.name, values.list, values.query, values.isDefault],
    );
    return toSavedFilter(row!);
  });
}

/** Replaces one of the user's saved lists; undefined when it is not theirs. */
export async function updateSavedFilter(
  db: Db,
  userId: number,
  id: number,
  values: SavedFilterValues,
): Promise<SavedFilter | undefined> {
  return db.transaction(async (tx) => {
    if (values.isDefault) await clearDefault(tx, userId, values.list, id);
    const [row] = await tx.query(
      `UPDATE saved_filters SET name = $3, list = $4, query = $5, is_default = $6, last_modified_date = now()
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, values.name, values.list, values.query, values.isDefault],
    );
    return row === undefined ? undefined : toSavedFilter(row);
  });
}

/** Deletes one of the user's saved lists; false when it is not theirs. */
export async function deleteSavedFilter(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM saved_filters WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length === 1;
}
