/**
 * Keeps the `anomaly` table in step with the data it is derived from: called in the transaction
 * of each import that lands and of the demo load, so readers see the anomalies of the data they
 * see, and a rejected import changes neither.
 */
import { DEFAULT_UNPAID_MONTHS } from '@extranet/core/domain/policyLifecycle/expectedCommission.ts';
import { unpaidMonthsOf } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { refreshParams, refreshSql } from './detect-sql.ts';

export interface RefreshOptions {
  /** Months after its due month before an expected line counts as unpaid (ANOMALY_UNPAID_MONTHS). */
  readonly unpaidMonths?: number;
  /**
   * Only these policies' anomalies are detected again (an import of policies or lines touches
   * only its policies, and each rule reads one policy's rows); absent, every policy's are.
   */
  readonly policies?: readonly string[];
}

/**
 * Detects the anomalies again (every one, or those of `options.policies`): one still found keeps
 * its id; returns how many there are in the table.
 */
export const refreshAnomalies = async (tx: Queryable, options: RefreshOptions = {}): Promise<number> => {
  const months = options.unpaidMonths ?? unpaidMonthsOf(process.env) ?? DEFAULT_UNPAID_MONTHS;
  const policies = options.policies ?? null;
  // PostgreSQL's JIT compiles this statement for longer than it runs (docs/reconciliation.md):
  // off for it alone, then back to what the transaction had.
  const [jit] = await tx.query<{ jit: string }>(`select current_setting('jit') as jit`);
  await tx.query(`select set_config('jit', 'off', true)`);
  await tx.query(refreshSql(policies !== null), refreshParams(months, policies));
  await tx.query(`select set_config('jit', $1, true)`, [jit?.jit ?? 'on']);
  const [row] = await tx.query<{ n: number }>('select count(*)::int as n from anomaly');
  return row?.n ?? 0;
};
