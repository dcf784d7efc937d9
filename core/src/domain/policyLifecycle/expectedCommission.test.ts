import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  clawbackDue,
  clawbackMonths,
  expectedByMonth,
  expectedLines,
  LINEAIRE,
  PRECOMPTE,
} from './expectedCommission.ts';

const lines = (p: Parameters<typeof expectedLines>[0], until: string) =>
  expectedLines(p, until).map((l) => `${l.typeMouvement} ${l.periode} → ${l.dueMonth}`);

describe('expected commission lines', () => {
  it('précompte: the escompte the month after effect, then a recurring line each anniversary from year 2', () => {
    expect(lines({ modeCommissionnement: PRECOMPTE, dateEffet: '2023-01-31' }, '2025-03-01')).toEqual([
      'ESC 2023-01-31 → 2023-02-01',
      'REC 2024-01-31 → 2024-02-01',
      'REC 2025-01-31 → 2025-02-01',
    ]);
  });

  it('linéaire: one line each year in force, the first year included, none after termination', () => {
    const p = { modeCommissionnement: LINEAIRE, dateEffet: '2022-06-15', dateResil: '2024-06-15' };
    expect(lines(p, '2026-01-01')).toEqual(['LIN 2022-06-15 → 2022-07-01', 'LIN 2023-06-15 → 2023-07-01']);
  });

  it('nothing is due before its month, nor for a contract that never took effect or has no mode', () => {
    expect(lines({ modeCommissionnement: PRECOMPTE, dateEffet: '2025-05-10' }, '2025-05-01')).toEqual([]);
    expect(
      lines(
        { modeCommissionnement: PRECOMPTE, dateEffet: '2024-01-01', motifResil: 'Sans Effet' },
        '2026-01-01',
      ),
    ).toEqual([]);
    expect(lines({ modeCommissionnement: null, dateEffet: '2024-01-01' }, '2026-01-01')).toEqual([]);
  });

  it('a termination within the first year brings a clawback due after its registration', () => {
    const p = {
      modeCommissionnement: PRECOMPTE,
      dateEffet: '2024-01-10',
      dateResil: '2024-06-30',
      dateEnregistrementResil: '2024-05-20',
    };
    expect(lines(p, '2026-01-01')).toEqual(['ESC 2024-01-10 → 2024-02-01', 'REP 2024-06-30 → 2024-06-01']);
    expect(clawbackMonths(p.dateEffet, p.dateResil)).toBe(6);
  });

  it('a clawback is never due before effect + 2 months, and none without registration or after a year', () => {
    const base = { modeCommissionnement: PRECOMPTE, dateEffet: '2024-01-10', dateResil: '2024-02-29' };
    expect(clawbackDue({ ...base, dateEnregistrementResil: '2024-01-20' })).toBe('2024-03-01');
    expect(clawbackDue(base)).toBeNull();
    expect(
      clawbackDue({ ...base, dateResil: '2025-01-10', dateEnregistrementResil: '2024-12-01' }),
    ).toBeNull();
    expect(
      clawbackDue({ ...base, modeCommissionnement: LINEAIRE, dateEnregistrementResil: '2024-01-20' }),
    ).toBeNull();
  });

  it('clawback months are those left of the first year, 0 to 12', () => {
    expect(clawbackMonths('2024-01-01', '2024-01-01')).toBe(12);
    expect(clawbackMonths('2024-01-01', '2024-12-31')).toBe(0);
    expect(clawbackMonths('2024-01-01', '2025-06-01')).toBe(0);
  });

  it('groups by due month and clamps month ends like PostgreSQL intervals', () => {
    const byMonth = expectedByMonth(
      { modeCommissionnement: LINEAIRE, dateEffet: '2024-02-29' },
      '2026-12-01',
    );
    expect([...byMonth.keys()]).toEqual(['2024-03-01', '2025-03-01', '2026-03-01']);
    expect(byMonth.get('2025-03-01')?.[0]?.periode).toBe('2025-02-28');
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2024-12-15', -12)).toBe('2023-12-15');
  });
});
