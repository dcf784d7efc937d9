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
import { SESSION_AUTHORITIES, type SessionKey, sessionCheck } from './session-user.ts';

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
 * Where the check reads each field of the principal. Typed against `Principal`: a field added
 * there fails to compile here until the check reads it, and `confirmed` compares every field.
 */
const PRINCIPAL_COLUMNS: { readonly [F in keyof Principal]-?: string } = {
  id: 'u.id',
  login: 'u.login',
  authorities: SESSION_AUTHORITIES,
  codeCourtier: 'u.code_courtier',
  marque: 'u.marque',
  langKey: 'u.lang_key',
  email: 'u.email',
};

const PRINCIPAL_FIELDS = Object.keys(PRINCIPAL_COLUMNS) as (keyof Principal)[];

/**
 * The session check as a one-row statement: the ordinary lookup's (auth/session-user.ts, one
 * `sessionCheck`), answering the user's current principal and the session's last use as JSON.
 */
export function foldedCheck(key: SessionKey, at: Date, expected: Principal): FoldedCheck {
  const fields = PRINCIPAL_FIELDS.map((field) => `'${field}', ${PRINCIPAL_COLUMNS[field]}`);
  return {
    expected,
    sessionId: key.sessionId,
    statement: sessionCheck(
      `json_build_object(${fields.join(', ')}, 'lastUsedAt', s.last_used_at)::text AS ${CHECK_COLUMN}`,
      key,
      at,
    ),
  };
}

/** Whether two values of a principal's field are the same (arrays: the same items in order). */
const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, i) => item === b[i])
    : a === b;

/**
 * What the joined row says of the session: undefined when it is not confirmed (no row: the check
 * found nothing; or a principal other than the remembered one), else when the session was last used.
 */
export function confirmed(check: FoldedCheck, row: Record<string, unknown> | undefined): Date | undefined {
  const text = row?.[CHECK_COLUMN];
  if (typeof text !== 'string') return undefined;
  const found = JSON.parse(text) as { readonly [F in keyof Principal]: unknown } & { lastUsedAt: string };
  const same = PRINCIPAL_FIELDS.every((field) => sameValue(found[field], check.expected[field]));
  return same ? new Date(found.lastUsedAt) : undefined;
}
