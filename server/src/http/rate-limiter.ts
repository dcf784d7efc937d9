/**
 * Fixed-window counters, one bucket per concern (sign-in per address, failed sign-ins per login,
 * account mails per address, after-sales messages per user), kept in the database's
 * `throttle_counter` table so that every instance of one database counts together: three
 * instances behind a load balancer allow one budget, not three. The embedded database runs the
 * same statements. Time is the caller's clock (tests move it); expired rows are swept by a
 * scheduled job (`sweepRateLimits`). Keys are stored hashed: any text a caller typed (a NUL
 * character, 100 characters) fits, and the table holds no login or address in clear.
 */
import { createHash } from 'node:crypto';
import type { RateLimit } from '../config.ts';
import type { Queryable } from '../db/types.ts';

export interface RateLimiter {
  /** Seconds to wait when `key` is over its limit, else 0. Does not count an attempt. */
  retryAfter(key: string): Promise<number>;
  /** Counts one attempt for `key`. */
  hit(key: string): Promise<void>;
  /**
   * Counts one attempt for `key` only if it is within the limit, in one statement: 0 when
   * counted, else the seconds to wait (nothing counted). Taken before the check it guards (a
   * bcrypt comparison, a code), so attempts sent at once cannot all pass a read-then-count.
   */
  take(key: string): Promise<number>;
  /** Gives back an attempt taken for `key` that turned out not to count (a success). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const HIT = `INSERT INTO throttle_counter AS c (bucket, key, expires_at, hits)
  VALUES ($1, $2, $3::bigint + $4::bigint, 1)
  ON CONFLICT (bucket, key) DO UPDATE SET
    hits = CASE WHEN c.expires_at <= $3::bigint THEN 1 ELSE c.hits + 1 END,
    expires_at = CASE WHEN c.expires_at <= $3::bigint THEN $3::bigint + $4::bigint ELSE c.expires_at END`;

// The conflict update locks the row, so concurrent takes see each other's counts (PostgreSQL
// re-checks the WHERE on the latest version); no row back means the window is full.
const TAKE = `${HIT}
    WHERE c.expires_at <= $3::bigint OR c.hits < $5
  RETURNING hits`;

export function createRateLimiter(
  db: Queryable,
  bucket: string,
  limit: RateLimit,
  now: () => number = Date.now,
): RateLimiter {
  const stored = (key: string) => createHash('sha256').update(key).digest('base64url');
  const retryAfter = async (key: string) => {
    const t = now();
    const [row] = await db.query<{ hits: number; expires_at: number }>(
      'SELECT hits, expires_at FROM throttle_counter WHERE bucket = $1 AND key = $2 AND expires_at > $3::bigint',
      [bucket, stored(key), t],
    );
    if (!row || row.hits < limit.max) return 0;
    return Math.max(1, Math.ceil((Number(row.expires_at) - t) / 1000));
  };
  return {
    retryAfter,
    async hit(key) {
      await db.query(HIT, [bucket, stored(key), now(), limit.windowMs]);
    },
    async take(key) {
      const rows = await db.query(TAKE, [bucket, stored(key), now(), limit.windowMs, limit.max]);
      if (rows.length === 1) return 0;
      return Math.max(1, await retryAfter(key));
    },
    async release(key) {
      await db.query(
        'UPDATE throttle_counter SET hits = hits - 1 WHERE bucket = $1 AND key = $2 AND hits > 0 AND expires_at > $3::bigint',
        [bucket, stored(key), now()],
      );
    },
    async reset(key) {
      await db.query('DELETE FROM throttle_counter WHERE bucket = $1 AND key = $2', [bucket, stored(key)]);
    },
  };
}

/** Forgets windows that have ended; returns how many. */
export async function sweepRateLimits(db: Queryable, now: number = Date.now()): Promise<number> {
  const rows = await db.query('DELETE FROM throttle_counter WHERE expires_at <= $1::bigint RETURNING 1', [
    now,
  ]);
  return rows.length;
}
