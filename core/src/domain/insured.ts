import { policeAssureDescriptor } from '../descriptors/policeAssure.ts';
import { domainSchema } from '../descriptors/schema.ts';

/** An insured person (docs/product.md §3 "Insured person"), as `GET /api/police-assures` sends it, derived from its descriptor. */
export const InsuredPerson = domainSchema(policeAssureDescriptor);
export type InsuredPerson = typeof InsuredPerson.Type;
