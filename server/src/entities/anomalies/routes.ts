/**
 * `/api/anomalies` (docs/reconciliation.md): the list (paged, filtered by rule, broker, statement,
 * policy or month, sorted by amount at stake; `X-Total-Amount` sums the amount at stake, so
 * `size=1` gives the count and amount a dashboard card shows), its export and filter choices,
 * the detail by id.
 * Read-only: the rows are derived by the import's refresh, never written through the API.
 */
import { anomalyList } from '@extranet/core/contract/entities.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { TOTAL_AMOUNT_HEADER } from '../commissions/routes.ts';
import type { Caller } from '../engine/caller.ts';
import { crudRoutes } from '../engine/crud.ts';
import type { Filter } from '../engine/parse.ts';
import { scopeKey } from '../engine/scope.ts';
import { anomalyResource as resource } from './resource.ts';

/** The "À vérifier" figure: the amount at stake over the filtered anomalies (decimal string). */
const AMOUNT_AT_STAKE = 'coalesce(sum(montant), 0)::numeric(16,2)::text';

/** The rule whose totals are kept for these filters ('' for none), or null when not kept. */
const keptRule = (filters: readonly Filter[]): string | null => {
  if (filters.length === 0) return '';
  const [only] = filters;
  const oneRule = filters.length === 1 && only!.field.name === 'regle' && ['equals', 'in'].includes(only!.op);
  return oneRule && only!.values.length === 1 ? only!.values[0]! : null;
};

/**
 * The caller's count and amount at stake as the write triggers keep them (migration 0110): with
 * no filter, or one rule (`regle.equals`, or `regle.in` of one, the screen's), a page sums
 * nothing; null for any other filter.
 */
const keptTotals = (caller: Caller, filters: readonly Filter[]) => {
  const rule = keptRule(filters);
  if (rule === null) return null;
  const key = scopeKey(caller);
  if (!key) return { sql: `select 0 as total, '0.00' as s0`, params: [] };
  return {
    sql: `select coalesce(max(n), 0) as total, coalesce(max(amount), 0)::numeric(16,2)::text as s0
            from anomaly_total where scope = $1 and code = $2 and regle = $3`,
    params: [key.scope, key.code, rule],
  };
};

export function anomalyRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    endpoints: anomalyList,
    resource,
    list: () => ({
      summaries: [{ header: TOTAL_AMOUNT_HEADER, expression: AMOUNT_AT_STAKE }],
      keptFigures: keptTotals,
    }),
    choices: 'anomalies',
  });
}
