/** Commission statements: their descriptor in core, and the SQL of the total paid. */
import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import { FORECAST } from '@extranet/core/domain/statement.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const commissionResource = resourceOf(commissionDescriptor);

/** Total paid to date: forecasts excluded, summed as numeric in SQL (never in floats). */
export const TOTAL_PAID = `coalesce(sum(montant) filter (where type_bordereau is distinct from '${FORECAST}'), 0)::numeric(16,2)::text`;
