/**
 * The session check folded into a list's statement: one round trip per list instead of two.
 *
 * A caller's first request of a session is checked on its own (auth/plugin.ts), and the principal
 * it finds is remembered here by user, session and token version. A later list request of that
 * session starts from the remembered principal, and its statement (entities/engine/list.ts)
 * carries the same check as a one-row derived table: no row when the session ended, the user was
 * deactivated or changed password, or a role now requires a second factor the session lacks; a
 * row with the user's current principal otherwise. The list's answer is sent only when that row
 * exists and names the remembered principal exactly; otherwise it is thrown away and the request
 * is checked on its own again (401, 403, or the list under the current roles and broker code).
 * So nothing is ever answered on a principal the database no longer confirms.
 */
import type { Principal } from './plugin.ts';

/** How many sessions' principals one server remembers (a few hundred bytes each). */
const REMEMBERED = 2000;

/** One statement of a list's joined statement: its text and parameters. */
export interface FoldedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A list request's deferred check: what its statement carries, and what it must confirm. */
export interface FoldedCheck {
  readonly statement: FoldedStatement;
  readonly expected: Principal;
  readonly sessionId: number;
}

export interface SessionKey {
  readonly userId: number;
  readonly sessionId: number;
  readonly tokenVersion: number;
}

/** The principals of sessions checked on their own, oldest forgotten first. */
export function createPrincipalMemory() {
  const principals = new Map<string, Principal>();
  const keyOf = (key: SessionKey) => `${key.userId}:${key.sessionId}:${key.tokenVersion}`;
  return {
    remember(key: SessionKey, principal: Principal): void {
      const k = keyOf(key);
      principals.delete(k);
      if (principals.size >= REMEMBERED) principals.delete(principals.keys().next().value!);
      principals.set(k, principal);
    },
    recall: (key: SessionKey): Principal | undefined => principals.get(keyOf(key)),
    forget(key: SessionKey): void {
      principals.delete(keyOf(key));
    },
  };
}

export type PrincipalMemory = ReturnType<typeof createPrincipalMemory>;

/** The column the check adds to a list's joined row (no other part names it). */
export const CHECK_COLUMN = 'session_check';

/**
 * The session check as a one-row statement: the same conditions as auth/session-user.ts and
 * plugin.ts apply (session unexpired and the user's, user activated, token version current, second
 * factor proven where a role requires it), answering the principal as JSON.
 */
export function foldedCheck(key: SessionKey, at: Date, expected: Principal): FoldedCheck {
  return {
    expected,
    sessionId: key.sessionId,
    statement: {
      sql: `SELECT json_build_object(
                'id', u.id, 'login', u.login, 'codeCourtier', u.code_courtier, 'marque', u.marque,
                'langKey', u.lang_key, 'email', u.email, 'lastUsedAt', s.last_used_at,
                'authorities', array(SELECT a.authority_name::text FROM user_authority a
                                      WHERE a.user_id = u.id ORDER BY a.authority_name))::text AS ${CHECK_COLUMN}
              FROM users u
              JOIN user_sessions s ON s.id = $2 AND s.user_id = u.id AND s.expires_at > $3
             WHERE u.id = $1 AND u.activated AND u.token_version = $4
               AND (s.second_factor OR NOT EXISTS (
                     SELECT 1 FROM user_authority ra
                       JOIN two_factor_required_roles r ON r.authority_name = ra.authority_name
                      WHERE ra.user_id = u.id))`,
      params: [key.userId, key.sessionId, at, key.tokenVersion],
    },
  };
}

interface CheckedRow {
  readonly id: number;
  readonly login: string;
  readonly codeCourtier: string | null;
  readonly marque: string | null;
  readonly langKey: string | null;
  readonly email: string | null;
  readonly lastUsedAt: string;
  readonly authorities: readonly string[];
}

/**
 * What the joined row says of the session: undefined when it is not confirmed (no row: the check
 * found nothing; or a principal other than the remembered one), else when the session was last used.
 */
export function confirmed(check: FoldedCheck, row: Record<string, unknown> | undefined): Date | undefined {
  const text = row?.[CHECK_COLUMN];
  if (typeof text !== 'string') return undefined;
  const found = JSON.parse(text) as CheckedRow;
  const p = check.expected;
  const same =
    found.id === p.id &&
    found.login === p.login &&
    found.codeCourtier === p.codeCourtier &&
    found.marque === p.marque &&
    found.langKey === p.langKey &&
    found.email === p.email &&
    found.authorities.length === p.authorities.length &&
    found.authorities.every((role, i) => role === p.authorities[i]);
  return same ? new Date(found.lastUsedAt) : undefined;
}
