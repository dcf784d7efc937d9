import { describe, expect, it } from 'vitest';
import { formatInstantIn, sessionLines } from './sessions.ts';

const session = (id: number, lastUsedAt: string, current = false) => ({
  id,
  device: `device ${id}`,
  address: '10.0.0.1',
  startedAt: '2026-11-24T08:05:00Z',
  lastUsedAt,
  current,
});

describe('session lines', () => {
  it('shows instants in Paris time in each language', () => {
    expect(formatInstantIn('fr', '2026-11-24T08:05:00Z')).toBe('24/11/2026 09:05');
    expect(formatInstantIn('en', '2026-07-14T08:05:00Z')).toBe('14 Jul 2026, 10:05');
    expect(formatInstantIn('en', 'not a date')).toBe('not a date');
  });

  it('puts the session in use first, then the most recently used', () => {
    const lines = sessionLines(
      [
        session(1, '2026-11-24T09:00:00Z'),
        session(2, '2026-11-24T08:00:00Z', true),
        session(3, '2026-11-24T10:00:00Z'),
      ],
      'fr',
    );
    expect(lines.map((l) => [l.id, l.current, l.lastUsed])).toEqual([
      [2, true, '24/11/2026 09:00'],
      [3, false, '24/11/2026 11:00'],
      [1, false, '24/11/2026 10:00'],
    ]);
    expect(lines[0]).toMatchObject({ device: 'device 2', address: '10.0.0.1', started: '24/11/2026 09:05' });
  });
});
