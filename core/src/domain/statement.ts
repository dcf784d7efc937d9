import { Schema } from 'effect';
import { commissionDescriptor } from '../descriptors/commission.ts';
import { domainSchema } from '../descriptors/schema.ts';
import { Amount, Id, Int } from './fields.ts';

export { isForecast } from './forecast.ts';

/** A commission statement (bordereau), as `GET /api/commissions` sends it, derived from its descriptor. */
export const CommissionStatement = domainSchema(commissionDescriptor);
export type CommissionStatement = typeof CommissionStatement.Type;

/** One line of a statement's recap ("Récapitulatif"): `GET /api/commissions/bordereau/{id}`. */
export const RecapLine = Schema.Struct({
  id: Schema.optional(Id),
  idBordereau: Schema.optional(Id),
  commission: Schema.String,
  montant: Amount,
  ordre: Int,
});
export type RecapLine = typeof RecapLine.Type;
