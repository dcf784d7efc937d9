import { describe, expect, it } from 'vitest';
import { formatDuration, formatMs } from './duration.ts';

describe('durations', () => {
  it.each([
    [0.0253, '25.3 ms'],
    [0.000_42, '420 µs'],
    [0.512, '512 ms'],
    [1.5, '1.50 s'],
    [42.1, '42.1 s'],
    [82.3, '1 min 22 s'],
    [5025.4, '1 h 23 min'],
    [200_000, '2 d 7 h'],
    [0, '0 s'],
    [null, '—'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('milliseconds in', () => {
    expect(formatMs(30_000)).toBe('30.0 s');
    expect(formatMs(25.9)).toBe('25.9 ms');
  });
});
