/**
 * Why a commission figure moves, from the movement's type code (docs/insight.md): the year-one
 * escompte is new business; recurring and linear commissions are paid on policies kept in force
 * (renewals, the linear first year included, as it is paid alike); a clawback (reprise) is what a
 * cancellation within the first year takes back; anything else is an adjustment. The solde
 * précédent carried from a negative statement is a cause of its own.
 */
export const CAUSES = ['newBusiness', 'renewals', 'clawbacks', 'adjustments', 'carriedBalance'] as const;
export type Cause = (typeof CAUSES)[number];

const BY_TYPE: Readonly<Record<string, Cause>> = {
  ESC: 'newBusiness',
  REC: 'renewals',
  LIN: 'renewals',
  REP: 'clawbacks',
};

export const causeOf = (typeMouvement: string | null): Cause =>
  (typeMouvement !== null ? BY_TYPE[typeMouvement] : undefined) ?? 'adjustments';
