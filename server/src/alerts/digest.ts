/**
 * The daily digest (docs/insight.md "Alerts"). For each user whose digest is on, with chosen
 * types, an address and an activated account, and whom no run covered for the current digest
 * period, one transaction locks the user's alert_state row (FOR UPDATE), reads the new events
 * within the user's scope above the row's high-water mark, queues one mail in the product's
 * outbox (mail/pending.ts `queueMail`), and moves the mark and the period covered. Whatever
 * the number of instances or concurrent runs, a second transaction waits for the first and then
 * finds the period covered: an event is mailed once. The outbox sends the queued mails.
 */
import type { Db } from '../db/types.ts';
import { queueMail } from '../mail/pending.ts';
import { digestMail } from './digest-mail.ts';
import { countSql, type EventRange, listSql, NEWEST_EVENT_SQL } from './events-sql.ts';
import { choiceOf, ensureMarks } from './state.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** The most events one digest lists; the rest are counted, with the timeline's link. */
export const DIGEST_LIST_LIMIT = 100;

export interface DigestOptions {
  readonly db: Db;
  readonly baseUrl: string;
  readonly tokens: UnsubscribeTokens;
}

export interface DigestReport {
  /** Users the run covered. */
  readonly users: number;
  /** Digests queued (users with new events). */
  readonly mailed: number;
  /** Events listed or counted in them. */
  readonly events: number;
}

type Candidate = {
  readonly id: string;
  readonly login: string;
  readonly email: string;
  readonly first_name: string | null;
  readonly lang_key: string | null;
  readonly code_courtier: string | null;
  readonly authorities: string[];
};

/** Activated users with an address whose digest is on (chosen, or by default) and not covered for `slot`. */
const CANDIDATES_SQL = `
  SELECT u.id, u.login, u.email, u.first_name, u.lang_key, u.code_courtier,
         coalesce(array_agg(a.authority_name::text) FILTER (WHERE a.authority_name IS NOT NULL), '{}'::text[])
           AS authorities
    FROM users u
    LEFT JOIN user_authority a ON a.user_id = u.id
    LEFT JOIN alert_preference p ON p.user_id = u.id
    LEFT JOIN alert_state s ON s.user_id = u.id
   WHERE u.activated AND u.email IS NOT NULL AND coalesce(p.digest, true)
     AND (s.digest_at IS NULL OR s.digest_at < $1)
   GROUP BY u.id
   ORDER BY u.id`;

/** Covers every due user for the digest period starting at `slot`. */
export async function runDigest(options: DigestOptions, slot: Date): Promise<DigestReport> {
  const { db } = options;
  const candidates = await db.query<Candidate>(CANDIDATES_SQL, [slot]);
  let users = 0;
  let mailed = 0;
  let events = 0;
  for (const candidate of candidates) {
    const userId = Number(candidate.id);
    const caller = { authorities: candidate.authorities, codeCourtier: candidate.code_courtier };
    await ensureMarks(db, userId);
    const outcome = await db.transaction(async (tx) => {
      const [state] = await tx.query<{ mailed_up_to: string; digest_at: Date | null }>(
        'SELECT mailed_up_to, digest_at FROM alert_state WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      if (!state || (state.digest_at !== null && state.digest_at >= slot)) return undefined;
      // Read under the lock: an unsubscribe or a new choice since the candidates' query counts.
      const [stored] = await tx.query<{ types: string[]; digest: boolean }>(
        'SELECT types, digest FROM alert_preference WHERE user_id = $1',
        [userId],
      );
      const choice = choiceOf(stored, candidate.authorities);
      const [newest] = await tx.query<{ newest: string }>(NEWEST_EVENT_SQL);
      const range: EventRange = {
        types: choice.types,
        after: Number(state.mailed_up_to),
        upTo: Number(newest?.newest ?? 0),
      };
      let total = 0;
      if (choice.digest && range.types.length > 0 && range.upTo > range.after) {
        const count = countSql(caller, range);
        total = Number((await tx.query<{ count: number }>(count.sql, count.params))[0]?.count ?? 0);
      }
      if (total > 0) {
        const list = listSql(caller, range, DIGEST_LIST_LIMIT);
        const rows = await tx.query<{
          id: string;
          time: Date;
          id_police: string | null;
          police: string | null;
          nomprenom: string | null;
          type_message: string;
          message: string | null;
        }>(list.sql, list.params);
        await queueMail(
          tx,
          digestMail({
            email: candidate.email,
            name: candidate.first_name || candidate.login,
            langKey: candidate.lang_key,
            types: range.types,
            events: rows.map((row) => ({
              id: Number(row.id),
              time: new Date(row.time),
              idPolice: row.id_police === null ? null : Number(row.id_police),
              police: row.police,
              nomprenom: row.nomprenom,
              typeMessage: row.type_message,
              message: row.message,
            })),
            total,
            baseUrl: options.baseUrl,
            unsubscribeToken: options.tokens.tokenFor(userId),
          }),
        );
      }
      await tx.query(
        'UPDATE alert_state SET mailed_up_to = greatest(mailed_up_to, $2::bigint), digest_at = $3 WHERE user_id = $1',
        [userId, range.upTo, slot],
      );
      return total;
    });
    if (outcome === undefined) continue;
    users += 1;
    if (outcome > 0) {
      mailed += 1;
      events += outcome;
    }
  }
  return { users, mailed, events };
}

export interface DigestSchedule {
  /** Hour of the daily digest, server local time (TZ). */
  readonly hour: number;
  /** When set, a digest every this many seconds instead of daily. */
  readonly intervalSeconds: number | undefined;
}

/** The start of the digest period `now` falls in: today's digest hour (or yesterday's), or the interval's. */
export function digestSlot(now: Date, schedule: DigestSchedule): Date {
  if (schedule.intervalSeconds !== undefined) {
    const ms = schedule.intervalSeconds * 1000;
    return new Date(Math.floor(now.getTime() / ms) * ms);
  }
  const slot = new Date(now);
  slot.setHours(schedule.hour, 0, 0, 0);
  if (slot > now) slot.setDate(slot.getDate() - 1);
  return slot;
}
