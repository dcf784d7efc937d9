import { describe, expect, it } from 'vitest';
import { formatDecimal, formatDiskSpace, timerMillis } from './management.ts';

describe('management figures', () => {
  it('gives service times in milliseconds whatever the unit (seconds read 0 before)', () => {
    expect(timerMillis({ mean: 0.0488, duration_units: 'seconds' }, 'mean')).toBe(49);
    expect(timerMillis({ max: 1500 }, 'max')).toBe(2);
    expect(timerMillis(undefined, 'min')).toBe(0);
  });

  it('writes decimals and disk space in the language (a decimal comma in French)', () => {
    expect(formatDecimal(0.0591, 'fr')).toBe('0,06');
    expect(formatDecimal(0.0591, 'en')).toBe('0.06');
    expect(formatDiskSpace(270_553_174_016, 'fr')).toBe('270,6 Go');
    expect(formatDiskSpace(270_553_174_016, 'en')).toBe('270.6 GB');
    expect(formatDiskSpace(10_485_760, 'fr')).toBe('10,5 Mo');
  });
});
