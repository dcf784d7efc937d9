/** The sessions table (migration 0016): one row per sign-in, deleted when the session ends. */
import type { Queryable } from '../db/types.ts';

export interface SessionRow {
  readonly id: number;
  readonly device: string;
  readonly address: string;
  readonly startedAt: Date;
  readonly lastUsedAt: Date;
  readonly expiresAt: Date;
}

/** `last_used_at` is written at most once a minute per session: a list page is not a write. */
export const LAST_USED_GRANULARITY_SECONDS = 60;

export async function createSession(
  db: Queryable,
  userId: number,
  device: string,
  address: string,
  now: Date,
  expiresAt: Date,
  secondFactor = false,
): Promise<number> {
  // A user's expired sessions go when a new one starts, so the table does not grow without end.
  await db.query('DELETE FROM user_sessions WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
  const [row] = await db.query<{ id: number | string }>(
    `INSERT INTO user_sessions (user_id, device, address, started_at, last_used_at, expires_at, second_factor)
     VALUES ($1, $2, $3, $4, $4, $5, $6) RETURNING id`,
    [userId, device.slice(0, 100), address.slice(0, 64), now, expiresAt, secondFactor],
  );
  return Number(row!.id);
}

const toSession = (row: Record<string, unknown>): SessionRow => ({
  id: Number(row.id),
  device: row.device as string,
  address: row.address as string,
  startedAt: row.started_at as Date,
  lastUsedAt: row.last_used_at as Date,
  expiresAt: row.expires_at as Date,
});

/** The user's sessions still valid at `now`, most recently used first. */
export async function listSessions(db: Queryable, userId: number, now: Date): Promise<SessionRow[]> {
  const rows = await db.query(
    `SELECT id, device, address, started_at, last_used_at, expires_at FROM user_sessions
      WHERE user_id = $1 AND expires_at > $2 ORDER BY last_used_at DESC, id DESC`,
    [userId, now],
  );
  return rows.map(toSession);
}

/** Ends one of the user's sessions; false when it is not theirs or already ended. */
export async function endSession(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM user_sessions WHERE id = $1 AND user_id = $2 RETURNING id', [
    sessionId,
    userId,
  ]);
  return rows.length === 1;
}

/** Ends every session of the user but `keep`; how many ended. */
export async function endSessions(db: Queryable, userId: number, keep?: number): Promise<number> {
  const rows = await db.query('DELETE FROM user_sessions WHERE user_id = $1 AND id <> $2 RETURNING id', [
    userId,
    keep ?? 0,
  ]);
  return rows.length;
}

export async function touchSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.query('UPDATE user_sessions SET last_used_at = $2 WHERE id = $1', [sessionId, now]);
}

/** The session's user proved a second factor in it (enrolled from the settings in that session). */
export async function markSecondFactor(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE user_sessions SET second_factor = true WHERE id = $1', [sessionId]);
}

/**
 * Ends the sessions opened without a second factor whose user now holds a role that requires one
 * (of one user, or of everyone); the logins whose sessions ended, one per session.
 */
export async function endSessionsLackingSecondFactor(db: Queryable, userId?: number): Promise<string[]> {
  const rows = await db.query<{ login: string }>(
    `WITH ended AS (
       DELETE FROM user_sessions s
        WHERE NOT s.second_factor AND ($1::bigint IS NULL OR s.user_id = $1::bigint)
          AND EXISTS (SELECT 1 FROM user_authority a
                        JOIN two_factor_required_roles r ON r.authority_name = a.authority_name
                       WHERE a.user_id = s.user_id)
       RETURNING s.user_id)
     SELECT u.login FROM ended e JOIN users u ON u.id = e.user_id ORDER BY u.login`,
    [userId ?? null],
  );
  return rows.map((r) => r.login);
}
