import { describe, expect, it } from 'vitest';
import { recapTotals, totalPaid } from './recap.ts';

describe('statement recap totals', () => {
  it('adds per commission type in cents, in ordre, with total versement', () => {
    const totals = recapTotals(
      [
        { commission: 'Reprise', montant: -0.1, ordre: 2 },
        { commission: 'Escompte', montant: 0.1, ordre: 1 },
        { commission: 'Escompte', montant: 0.2, ordre: 1 },
      ],
      100.05,
    );
    expect(totals.lines).toEqual([
      { commission: 'Escompte', montant: 30 },
      { commission: 'Reprise', montant: -10 },
    ]);
    expect(totals.totalCommissions).toBe(20);
    expect(totals.totalVersement).toBe(10025);
  });

  it('excludes forecasts from the total paid', () => {
    expect(
      totalPaid([
        { typeBordereau: 'Définitif', montant: 100.1 },
        { typeBordereau: 'Prévisionnel', montant: 50 },
        { typeBordereau: null, montant: 0.2 },
      ]),
    ).toBe(10030);
  });
});
