import { mouvementDescriptor } from '../descriptors/mouvement.ts';
import { domainSchema } from '../descriptors/schema.ts';

/** A commission movement (a statement line), as `/api/commission-mouvements` and `/api/mouvements/…` send it, derived from its descriptor. */
export const CommissionMovement = domainSchema(mouvementDescriptor);
export type CommissionMovement = typeof CommissionMovement.Type;
