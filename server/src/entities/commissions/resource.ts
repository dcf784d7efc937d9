/** Commission statements: their descriptor in core, and its total paid as SQL. */
import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import { totalSql } from '../engine/condition-sql.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const commissionResource = resourceOf(commissionDescriptor);

/** Total paid to date (core's PAID_STATEMENTS: forecasts excluded), summed as numeric in SQL. */
export const TOTAL_PAID = totalSql(commissionDescriptor.totals!.paid!);
