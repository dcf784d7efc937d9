/**
 * The navbar's unread count: the chosen events within the caller's scope after the user's
 * read mark, up to the newest event at the time of asking. Marking read moves the mark to
 * that newest event (or to the `upTo` a count answered, so events that arrived since stay
 * unread); the mark never moves back.
 */
import type { Db, Queryable } from '../db/types.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { countSql, NEWEST_EVENT_SQL } from './events-sql.ts';
import { ensureMarks } from './state.ts';

export interface Unread {
  readonly unread: number;
  readonly upTo: number;
}

const newestEvent = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ newest: string }>(NEWEST_EVENT_SQL);
  return Number(row?.newest ?? 0);
};

export async function readUnread(
  db: Db,
  caller: Caller,
  userId: number,
  types: readonly string[],
): Promise<Unread> {
  const { readUpTo } = await ensureMarks(db, userId);
  const upTo = await newestEvent(db);
  if (types.length === 0 || upTo <= readUpTo) return { unread: 0, upTo };
  const { sql, params } = countSql(caller, { types, after: readUpTo, upTo });
  const [row] = await db.query<{ count: number }>(sql, params);
  return { unread: Number(row?.count ?? 0), upTo };
}

export async function markRead(db: Db, userId: number, upTo: number | undefined): Promise<void> {
  await ensureMarks(db, userId);
  const newest = await newestEvent(db);
  await db.query(
    `UPDATE alert_state SET read_up_to = greatest(read_up_to, $2::bigint), read_at = now() WHERE user_id = $1`,
    [userId, Math.min(upTo ?? newest, newest)],
  );
}
