/**
 * A small in-memory fixed-window counter, one per concern (sign-in per IP, failed sign-ins per
 * login). One server process keeps its own counts; ARCHITECTURE §8 moves them to Redis when
 * several servers run.
 */
import type { RateLimit } from '../config.ts';

export interface RateLimiter {
  /** Seconds to wait when `key` is over its limit, else 0. Does not count an attempt. */
  retryAfter(key: string): number;
  /** Counts one attempt for `key`. */
  hit(key: string): void;
  reset(key: string): void;
}

export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  const sweep = (t: number) => {
    // Forget expired windows now and then, so the map cannot grow without bound.
    if (t - lastSweep < limit.windowMs) return;
    lastSweep = t;
    for (const [key, w] of windows) if (t - w.start >= limit.windowMs) windows.delete(key);
  };
  const current = (key: string, t: number) => {
    const w = windows.get(key);
    return w && t - w.start < limit.windowMs ? w : undefined;
  };
  return {
    retryAfter(key) {
      const t = now();
      const w = current(key, t);
      if (!w || w.count < limit.max) return 0;
      return Math.max(1, Math.ceil((w.start + limit.windowMs - t) / 1000));
    },
    hit(key) {
      const t = now();
      sweep(t);
      const w = current(key, t);
      if (w) w.count += 1;
      else windows.set(key, { start: t, count: 1 });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
