/**
 * The per-request lookup of a token's user and session in one query: the user row by id (with
 * its roles) joined to the token's session row, so an ended session costs no extra round trip.
 * The conditions a session must meet are written once (`sessionCheck`): the same statement
 * carries them into a list's own statement (auth/session-fold.ts).
 */
import { toRecord, type UserRecord } from '../accounts/users.ts';
import type { Queryable } from '../db/types.ts';

/** What a session token names: its user's row, its session's row and the user's token version. */
export interface SessionKey {
  readonly userId: number;
  readonly sessionId: number;
  readonly tokenVersion: number;
}

/** The user's roles, sorted, as a text array (empty when none), for a select over `users u`. */
export const SESSION_AUTHORITIES = `array(SELECT a.authority_name::text FROM user_authority a
                WHERE a.user_id = u.id ORDER BY a.authority_name)`;

/**
 * The session check: `select` (expressions over the user `u` and the session `s`) of the one row
 * whose session stands at `at`, none otherwise. It stands while it is the token's user's session
 * and unexpired (a session ended is deleted), the user is activated and still has the token's
 * version (a password change or reset and a deactivation raise it), and it was opened with a
 * second factor or none of the user's roles requires one. Parameters $1 to $4.
 */
export function sessionCheck(
  select: string,
  key: SessionKey,
  at: Date,
): { readonly sql: string; readonly params: readonly unknown[] } {
  return {
    sql: `SELECT ${select}
              FROM users u
              JOIN user_sessions s ON s.id = $2 AND s.user_id = u.id AND s.expires_at > $3
             WHERE u.id = $1 AND u.activated AND u.token_version = $4
               AND (s.second_factor OR NOT EXISTS (
                     SELECT 1 FROM user_authority ra
                       JOIN two_factor_required_roles r ON r.authority_name = ra.authority_name
                      WHERE ra.user_id = u.id))`,
    params: [key.userId, key.sessionId, at, key.tokenVersion],
  };
}

export interface SessionUser {
  readonly user: UserRecord;
  readonly lastUsedAt: Date;
}

/** The user of a session that stands at `now` (sessionCheck), with when it was last used. */
export async function findSessionUser(
  db: Queryable,
  key: SessionKey,
  now: Date,
): Promise<SessionUser | undefined> {
  const check = sessionCheck(
    `u.*, s.last_used_at AS session_last_used, ${SESSION_AUTHORITIES} AS authorities`,
    key,
    now,
  );
  const [row] = await db.query(check.sql, check.params);
  if (!row) return undefined;
  const { session_last_used, ...user } = row;
  return { user: toRecord(user), lastUsedAt: session_last_used as Date };
}
