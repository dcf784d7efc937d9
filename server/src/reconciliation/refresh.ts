/**
 * Keeps the `anomaly` table in step with the data it is derived from: called in the transaction
 * of each import that lands and of the demo load, so readers see the anomalies of the data they
 * see, and a rejected import changes neither.
 */
import { DEFAULT_UNPAID_MONTHS } from '@extranet/core/domain/policyLifecycle/expectedCommission.ts';
import { unpaidMonthsOf } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { REFRESH_SQL, refreshParams } from './detect-sql.ts';

export interface RefreshOptions {
  /** Months after its due month before an expected line counts as unpaid (ANOMALY_UNPAID_MONTHS). */
  readonly unpaidMonths?: number;
}

/** Rebuilds every anomaly; returns how many there are. */
export const refreshAnomalies = async (tx: Queryable, options: RefreshOptions = {}): Promise<number> => {
  const months = options.unpaidMonths ?? unpaidMonthsOf(process.env) ?? DEFAULT_UNPAID_MONTHS;
  await tx.query('delete from anomaly');
  await tx.query(REFRESH_SQL, refreshParams(months));
  const [row] = await tx.query<{ n: number }>('select count(*)::int as n from anomaly');
  return row?.n ?? 0;
};
