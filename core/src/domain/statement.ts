import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Amount, Id, Int, IsoDate, Nullable } from './fields.ts';

/** `typeBordereau` of a forecast statement: flagged, and excluded from totals paid (spec §4). */
export const FORECAST = 'Prévisionnel';

/** A commission statement (bordereau), as `GET /api/commissions` sends it. */
export const CommissionStatement = Schema.Struct({
  id: Id,
  ...brokerFields,
  idBordereau: Id,
  mois: Nullable(IsoDate),
  typeBordereau: Nullable(Schema.String),
  compte: Nullable(Schema.String),
  nb: Nullable(Int),
  montant: Nullable(Amount),
  soldePrecedent: Nullable(Amount),
  dateEnvoi: Nullable(IsoDate),
  datePaiement: Nullable(IsoDate),
  fichierBordereau: Nullable(Schema.String),
});
export type CommissionStatement = typeof CommissionStatement.Type;

/** True for a forecast ('Prévisionnel') statement or movement. */
export const isForecast = (row: { readonly typeBordereau: string | null }): boolean =>
  row.typeBordereau === FORECAST;

/** One line of a statement's recap ("Récapitulatif"): `GET /api/commissions/bordereau/{id}`. */
export const RecapLine = Schema.Struct({
  id: Schema.optional(Id),
  idBordereau: Schema.optional(Id),
  commission: Schema.String,
  montant: Amount,
  ordre: Int,
});
export type RecapLine = typeof RecapLine.Type;
