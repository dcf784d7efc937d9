/**
 * Aggregate statements over one business table for the insight routes, built like the entity
 * query builder's: the caller's row scope (entities/engine/scope.ts) comes first in the WHERE
 * clause, then the route's constant conditions; values travel only as bind parameters.
 */
import { type Binder, binder } from '../entities/engine/binder.ts';
import { type Caller, seesWholesaled } from '../entities/engine/caller.ts';
import { scopeCondition } from '../entities/engine/scope.ts';

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

export interface Aggregate {
  readonly table: string;
  /** Select list (constants of the route, never user text). */
  readonly select: (bind: Binder) => string;
  /** Conditions after the scope, with their values bound. */
  readonly where?: (bind: Binder) => readonly string[];
  readonly groupBy?: string;
  readonly orderBy?: string;
  readonly limit?: number;
}

export function scopedAggregate(caller: Caller, query: Aggregate): Statement {
  const bind = binder();
  const select = query.select(bind);
  const conditions = [scopeCondition(caller, bind), ...(query.where?.(bind) ?? [])];
  let sql = `select ${select} from ${query.table} where ${conditions.join(' and ')}`;
  if (query.groupBy) sql += ` group by ${query.groupBy}`;
  if (query.orderBy) sql += ` order by ${query.orderBy}`;
  if (query.limit !== undefined) sql += ` limit ${bind(query.limit)}`;
  return { sql, params: bind.params };
}

/** Wholesalers see their figures per broker as well as in total. */
export const perBroker = (caller: Caller): boolean => seesWholesaled(caller);

/** `grouping sets ((code_courtier_portail), ())` for a wholesaler, the grand total only otherwise. */
export const brokerGroups = (caller: Caller): string | undefined =>
  perBroker(caller) ? 'grouping sets ((code_courtier_portail), ())' : undefined;
