/**
 * The events that alert a user: their chosen types within their row scope (the scope condition
 * of entities/engine/scope.ts first, through insight/scoped.ts), between two event ids. The
 * timeline's per-scope `(code, id desc)` indexes of migration 0006 read the id range.
 */
import type { Caller } from '../entities/engine/caller.ts';
import { type Statement, scopedAggregate } from '../insight/scoped.ts';

export interface EventRange {
  readonly types: readonly string[];
  /** Events after this id… */
  readonly after: number;
  /** …up to this one. */
  readonly upTo: number;
}

const conditions = (range: EventRange) => (bind: (value: unknown) => string) => [
  `type_message in (${range.types.map((type) => bind(type)).join(', ')})`,
  `id > ${bind(range.after)}::bigint`,
  `id <= ${bind(range.upTo)}::bigint`,
];

/** How many events alert the caller in the range (`types` must not be empty). */
export const countSql = (caller: Caller, range: EventRange): Statement =>
  scopedAggregate(caller, {
    table: 'timeline_event',
    select: () => 'count(*)::int as count',
    where: conditions(range),
  });

/** The first `limit` of them, oldest first, with what a digest line shows. */
export const listSql = (caller: Caller, range: EventRange, limit: number): Statement =>
  scopedAggregate(caller, {
    table: 'timeline_event',
    select: () => 'id, time, id_police, police, nomprenom, type_message, message',
    where: conditions(range),
    orderBy: 'id',
    limit,
  });

/** The newest event id (0 without events): the end of every range. */
export const NEWEST_EVENT_SQL = 'SELECT coalesce(max(id), 0)::bigint AS newest FROM timeline_event';
