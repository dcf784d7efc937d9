/**
 * A user's alert choice and state (migration 0018): the chosen event types and digest switch,
 * the role defaults while there is no choice (core's `defaultAlertTypes`), and the marks the
 * digest and the unread count start from.
 */
import { defaultAlertTypes } from '@extranet/core/domain/alerts.ts';
import type { EventType } from '@extranet/core/domain/eventTypes.ts';
import type { Queryable } from '../db/types.ts';

export interface AlertChoice {
  /** Known codes only: a choice is checked against core's list before it is stored. */
  readonly types: readonly EventType[];
  readonly digest: boolean;
  /** False while the role defaults apply. */
  readonly chosen: boolean;
}

/** The stored choice, else the defaults of `authorities` (digest on). */
export const choiceOf = (
  stored: { readonly types: readonly string[] | null; readonly digest: boolean | null } | undefined,
  authorities: readonly string[],
): AlertChoice =>
  stored?.types != null && stored.digest != null
    ? { types: stored.types as readonly EventType[], digest: stored.digest, chosen: true }
    : { types: defaultAlertTypes(authorities), digest: true, chosen: false };

export async function readChoice(
  db: Queryable,
  userId: number,
  authorities: readonly string[],
): Promise<AlertChoice> {
  const [row] = await db.query<{ types: string[]; digest: boolean }>(
    'SELECT types, digest FROM alert_preference WHERE user_id = $1',
    [userId],
  );
  return choiceOf(row, authorities);
}

export async function writeChoice(
  db: Queryable,
  userId: number,
  choice: { readonly types: readonly string[]; readonly digest: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO alert_preference (user_id, types, digest) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET types = excluded.types, digest = excluded.digest, updated_at = now()`,
    [userId, [...choice.types], choice.digest],
  );
}

export interface AlertMarks {
  readonly mailedUpTo: number;
  readonly readUpTo: number;
}

/**
 * The user's marks, made at the newest event when the user has none: alerts start from the
 * events that arrive after the first time anything asks (a digest run, the navbar's count),
 * and the first digest comes at the next digest time, not at once.
 */
export async function ensureMarks(db: Queryable, userId: number): Promise<AlertMarks> {
  await db.query(
    `INSERT INTO alert_state (user_id, mailed_up_to, read_up_to, digest_at)
     SELECT $1, m, m, now() FROM (SELECT coalesce(max(id), 0) AS m FROM timeline_event) newest
     ON CONFLICT (user_id) DO NOTHING`,
    [userId],
  );
  const [row] = await db.query<{ mailed_up_to: string; read_up_to: string }>(
    'SELECT mailed_up_to, read_up_to FROM alert_state WHERE user_id = $1',
    [userId],
  );
  return { mailedUpTo: Number(row!.mailed_up_to), readUpTo: Number(row!.read_up_to) };
}

/** The digest goes on from the newest event (a digest turned back on does not mail the months it was off). */
export async function restartDigest(db: Queryable, userId: number): Promise<void> {
  await ensureMarks(db, userId);
  await db.query(
    `UPDATE alert_state SET mailed_up_to = greatest(mailed_up_to, (SELECT coalesce(max(id), 0) FROM timeline_event))
     WHERE user_id = $1`,
    [userId],
  );
}
