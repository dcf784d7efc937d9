import { policeDescriptor } from '../descriptors/police.ts';
import { domainSchema } from '../descriptors/schema.ts';

/**
 * A policy (docs/product.md §3 "Policy"), as `GET /api/police` sends it, derived from its descriptor. Commission fields are absent for a
 * caller without ROLE_COMPTA and contact fields for one without ROLE_COORD: both decode as null.
 */
export const Policy = domainSchema(policeDescriptor);
export type Policy = typeof Policy.Type;

export {
  COMMISSION_FLAGS,
  COMMISSION_MODES,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  RISK_TYPES,
} from './codes.ts';
