/**
 * Keeps the `anomaly` table in step with the data it is derived from: called in the transaction
 * of each import that lands and of the demo load, so readers see the anomalies of the data they
 * see, and a rejected import changes neither.
 */

import { FORECAST } from '@extranet/core/domain/forecast.ts';
import { ANOMALY_RULES, type AnomalyRule } from '@extranet/core/domain/policyLifecycle/anomalyRules.ts';
import { DEFAULT_UNPAID_MONTHS } from '@extranet/core/domain/policyLifecycle/expectedCommission.ts';
import { unpaidMonthsOf } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { type Narrowing, refreshParams, refreshSql } from './detect-sql.ts';

export interface RefreshOptions {
  /** Months after its due month before an expected line counts as unpaid (ANOMALY_UNPAID_MONTHS). */
  readonly unpaidMonths?: number;
  /**
   * Only these policies' anomalies are detected again (an import of policies or lines touches
   * only its policies, and each rule reads one policy's rows); absent, every policy's are.
   */
  readonly policies?: readonly string[];
  /** Only these rules' anomalies are detected again; absent, every rule's are. */
  readonly rules?: readonly AnomalyRule[];
  /** Only the anomalies dated after this month less the grace months (see `Narrowing`). */
  readonly since?: string;
}

/**
 * Detects the anomalies again (every one, or those of `options.policies`): one still found keeps
 * its id; returns how many there are in the table.
 */
export const refreshAnomalies = async (tx: Queryable, options: RefreshOptions = {}): Promise<number> => {
  const months = options.unpaidMonths ?? unpaidMonthsOf(process.env) ?? DEFAULT_UNPAID_MONTHS;
  const narrowing: Narrowing = {
    policies: options.policies ?? null,
    rules: options.rules ?? ANOMALY_RULES,
    since: options.since ?? null,
  };
  // PostgreSQL's JIT compiles this statement for longer than it runs (docs/reconciliation.md):
  // off for it alone, then back to what the transaction had.
  const [jit] = await tx.query<{ jit: string }>(`select current_setting('jit') as jit`);
  await tx.query(`select set_config('jit', 'off', true)`);
  await tx.query(refreshSql(narrowing), refreshParams(months, narrowing));
  await tx.query(`select set_config('jit', $1, true)`, [jit?.jit ?? 'on']);
  const [row] = await tx.query<{ n: number }>('select count(*)::int as n from anomaly');
  return row?.n ?? 0;
};

/** The latest month of a final (not forecast) statement: where every "not paid" is counted from. */
export const lastFinalMonth = async (tx: Queryable): Promise<string | null> => {
  const [row] = await tx.query<{ mois: string | null }>(
    `select max(mois)::text as mois from commission where type_bordereau is distinct from $1`,
    [FORECAST],
  );
  return row?.mois ?? null;
};

/**
 * After an import of statements, written since `before` was read: a statement changes no policy,
 * line or event, so only the unpaid rule can change, and only when the latest final month moved.
 * Moved on, only the lines falling due in between can be newly unpaid; moved back (a final
 * statement turned forecast), every unpaid line is detected again.
 */
export const refreshAfterStatements = async (tx: Queryable, before: string | null): Promise<void> => {
  const after = await lastFinalMonth(tx);
  if (after === before) return;
  const movedOn = before !== null && after !== null && after > before;
  await refreshAnomalies(tx, { rules: ['COMMISSION_NOT_PAID'], ...(movedOn ? { since: before } : {}) });
};
