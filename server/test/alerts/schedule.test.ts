/**
 * When the digest goes out: the period a moment falls in (daily at ALERT_DIGEST_HOUR in the
 * server's local time, or every ALERT_DIGEST_INTERVAL_SECONDS), and the variables' validation.
 */
import { describe, expect, it } from 'vitest';
import { digestSlot } from '../../src/alerts/digest.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);

describe('digest period', () => {
  const daily = { hour: 7, intervalSeconds: undefined };

  it('starts at today’s digest hour once it has passed, else at yesterday’s', () => {
    expect(digestSlot(local(2026, 11, 24, 9, 30), daily)).toEqual(local(2026, 11, 24, 7));
    expect(digestSlot(local(2026, 11, 24, 7, 0), daily)).toEqual(local(2026, 11, 24, 7));
    expect(digestSlot(local(2026, 11, 24, 6, 59), daily)).toEqual(local(2026, 11, 23, 7));
    expect(digestSlot(local(2026, 1, 1, 3), daily)).toEqual(local(2025, 12, 31, 7));
  });

  it('is the same for every moment of one period, and moves at the next', () => {
    const first = digestSlot(local(2026, 11, 24, 7, 1), daily);
    expect(digestSlot(local(2026, 11, 25, 6, 59), daily)).toEqual(first);
    expect(digestSlot(local(2026, 11, 25, 7, 0), daily).getTime()).toBeGreaterThan(first.getTime());
  });

  it('follows the interval when one is set', () => {
    const every = { hour: 7, intervalSeconds: 3600 };
    const at = new Date('2026-11-24T10:42:13Z');
    expect(digestSlot(at, every)).toEqual(new Date('2026-11-24T10:00:00Z'));
    expect(digestSlot(new Date('2026-11-24T10:00:00Z'), { hour: 7, intervalSeconds: 1 })).toEqual(
      new Date('2026-11-24T10:00:00Z'),
    );
  });
});

describe('digest configuration', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' };

  it('defaults to a daily digest at 7', () => {
    expect(loadConfig(env).alertDigest).toEqual({ hour: 7, intervalSeconds: undefined });
    expect(
      loadConfig({ ...env, ALERT_DIGEST_HOUR: '0', ALERT_DIGEST_INTERVAL_SECONDS: '60' }).alertDigest,
    ).toEqual({
      hour: 0,
      intervalSeconds: 60,
    });
  });

  it('stops the server on a bad value, naming the variable', () => {
    for (const [name, value] of [
      ['ALERT_DIGEST_HOUR', '24'],
      ['ALERT_DIGEST_HOUR', '7h'],
      ['ALERT_DIGEST_INTERVAL_SECONDS', '0'],
      ['ALERT_DIGEST_INTERVAL_SECONDS', '604801'],
    ] as const) {
      expect(() => loadConfig({ ...env, [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, [name]: value })).toThrow(name);
    }
  });
});
