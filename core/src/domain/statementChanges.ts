import { Schema } from 'effect';
import { Amount, described, Id, Int, IsoDate } from './fields.ts';

/**
 * Why a commission figure moves, in the order screens and the CLI show them (docs/insight.md):
 * the year-one escompte is new business; recurring and linear commissions are paid on policies
 * kept in force (renewals, the linear first year included, as it is paid alike); a clawback
 * (reprise) is what a cancellation within the first year takes back; anything else is an
 * adjustment. The solde précédent carried from a negative statement is a cause of its own.
 */
export const CAUSES = ['newBusiness', 'renewals', 'clawbacks', 'adjustments', 'carriedBalance'] as const;
export type Cause = (typeof CAUSES)[number];

const BY_TYPE: Readonly<Record<string, Cause>> = {
  ESC: 'newBusiness',
  REC: 'renewals',
  LIN: 'renewals',
  REP: 'clawbacks',
};

/** The cause of a movement type code: `causeOf('REP')` → `'clawbacks'`, an unknown code → `'adjustments'`. */
export const causeOf = (typeMouvement: string | null): Cause =>
  (typeMouvement !== null ? BY_TYPE[typeMouvement] : undefined) ?? 'adjustments';

const Head = Schema.Struct({
  idBordereau: Id,
  mois: IsoDate,
  codeCourtierPortail: Schema.NullOr(Schema.String),
  typeBordereau: Schema.NullOr(Schema.String),
  montant: Amount,
  soldePrecedent: Amount,
});
export type StatementHead = typeof Head.Type;

const Figure = {
  current: Amount,
  previous: Amount,
  change: Amount,
  currentLines: Int,
  previousLines: Int,
};

const TypeFigure = Schema.Struct({
  typeMouvement: Schema.NullOr(Schema.String),
  libelleMouvement: Schema.NullOr(Schema.String),
  ...Figure,
});
export type TypeFigure = typeof TypeFigure.Type;

const CauseFigure = Schema.Struct({
  cause: Schema.Literal(...CAUSES),
  typeMouvements: described(Schema.Array(Schema.String), 'the lines behind it: `typeMouvement.in=`'),
  ...Figure,
});
export type CauseFigure = typeof CauseFigure.Type;

/**
 * `GET /api/commissions/{idBordereau}/changes`: a statement against the previous one (or
 * `from`), per commission type and per cause; the causes' changes plus `unexplained` equal
 * `difference`, the two totals apart.
 */
export const StatementChanges = Schema.Struct({
  current: Head,
  previous: Schema.NullOr(Head),
  difference: described(Amount, 'current total minus previous total'),
  unexplained: described(
    Amount,
    'difference minus the sum of the causes; 0 when each total is its lines plus its solde précédent',
  ),
  byType: Schema.Array(TypeFigure),
  byCause: Schema.Array(CauseFigure),
});
export type StatementChanges = typeof StatementChanges.Type;
