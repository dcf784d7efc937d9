/**
 * The per-request lookup of a token's user and session in one query: the user row by id (with
 * its roles) joined to the token's session row, so an ended session costs no extra round trip. A
 * session opened without a second factor is refused while one of the user's roles requires one.
 */
import { toRecord, type UserRecord } from '../accounts/users.ts';
import type { Queryable } from '../db/types.ts';

export interface SessionUser {
  readonly user: UserRecord;
  readonly lastUsedAt: Date;
}

export async function findSessionUser(
  db: Queryable,
  userId: number,
  sessionId: number,
  now: Date,
): Promise<SessionUser | undefined> {
  const [row] = await db.query(
    `SELECT u.*, s.last_used_at AS session_last_used,
            (s.second_factor OR NOT EXISTS (
               SELECT 1 FROM user_authority ra
                 JOIN two_factor_required_roles r ON r.authority_name = ra.authority_name
                WHERE ra.user_id = u.id)) AS session_allowed,
            coalesce(array_agg(a.authority_name::text ORDER BY a.authority_name)
                     FILTER (WHERE a.authority_name IS NOT NULL), '{}'::text[]) AS authorities
       FROM users u
       JOIN user_sessions s ON s.id = $2 AND s.user_id = u.id AND s.expires_at > $3
       LEFT JOIN user_authority a ON a.user_id = u.id
      WHERE u.id = $1
      GROUP BY u.id, s.last_used_at, s.second_factor`,
    [userId, sessionId, now],
  );
  // A session opened without a second factor ends when one of the user's roles comes to require it.
  if (!row || row.session_allowed !== true) return undefined;
  const { session_last_used, session_allowed: _allowed, ...user } = row;
  return { user: toRecord(user), lastUsedAt: session_last_used as Date };
}
