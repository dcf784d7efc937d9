/**
 * The SQL of `GET /api/dashboard`: sums and counts computed by PostgreSQL (money as numeric, sent
 * as text), each over one index of migration 0012, always inside the caller's row scope.
 */
import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import { binder } from '../entities/engine/binder.ts';
import { type Caller, seesAllRows } from '../entities/engine/caller.ts';
import { totalSql } from '../entities/engine/condition-sql.ts';
import { brokerGroups, perBroker, type Statement, scopedAggregate } from './scoped.ts';
import type { DashboardWindow } from './window.ts';

/** The event types the dashboard counts: unpaid, formal notice, litigation. */
export const WATCHED_EVENTS = ['IMP', 'MED', 'CTX'] as const;
/** Policies listed per event type for the link to the policy list (an address stays short). */
export const LINKED_POLICIES = 200;
/** Policies listed behind the clawback balance (the total covers them all). */
export const CLAWBACK_POLICIES = 20;

const money = (expression: string) => `coalesce(${expression}, 0)::numeric(16,2)::text`;
/** The statement descriptor's totals: paid (core's PAID_STATEMENTS, forecasts excluded) and forecast. */
const paid = totalSql(commissionDescriptor.totals!.paid!);
const forecast = totalSql(commissionDescriptor.totals!.forecast!);
/** The broker of a row for wholesalers (null on the grand-total row), null for everyone else. */
const brokerKey = (caller: Caller) =>
  perBroker(caller)
    ? 'code_courtier_portail as code, grouping(code_courtier_portail) as total'
    : 'null::text as code, 1 as total';

/** Paid (final statements) and forecast per statement month of the window. */
export const monthsSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'commission',
    select: () => `to_char(mois, 'YYYY-MM-DD') as mois, ${paid} as paid, ${forecast} as forecast`,
    where: (bind) => [
      `mois >= ${bind(w.from)}::date`,
      `mois < ${bind(w.nextMonth)}::date + interval '1 month'`,
    ],
    groupBy: 'mois',
    orderBy: 'mois',
  });

/** Total paid over the window per broker (wholesalers) and in all. */
export const paidSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'commission',
    select: () => `${brokerKey(caller)}, ${paid} as paid`,
    where: (bind) => [
      `mois >= ${bind(w.from)}::date`,
      `mois < ${bind(w.nextMonth)}::date + interval '1 month'`,
    ],
    groupBy: brokerGroups(caller),
  });

const clawbackWhere = (w: DashboardWindow) => (bind: (value: unknown) => string) => [
  "type_mouvement = 'REP'",
  `mois >= ${bind(w.from)}::date`,
  `mois < ${bind(w.nextMonth)}::date + interval '1 month'`,
];

/** Clawback balance: the sum of the REP lines of the window's statements (forecast included). */
export const clawbackTotalSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'commission_mouvement',
    select: () =>
      `${brokerKey(caller)}, ${money('sum(montant)')} as montant, count(*)::int as lines,
       count(distinct id_police)::int as policies`,
    where: clawbackWhere(w),
    groupBy: brokerGroups(caller),
  });

/** The policies behind the clawback balance, largest clawback first. */
export const clawbackPoliciesSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'commission_mouvement',
    select: () =>
      `id_police::text as "idPolice", police, nomprenom, ${money('sum(montant)')} as montant, count(*)::int as lines`,
    where: clawbackWhere(w),
    groupBy: 'id_police, police, nomprenom',
    orderBy: 'sum(montant) asc, id_police',
    limit: CLAWBACK_POLICIES,
  });

/** Watched events of the last 30 days per type: events, distinct policies, the first policy ids. */
export const eventsSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'timeline_event',
    select: (bind) =>
      `type_message as type, count(*)::int as events, count(distinct id_police)::int as policies,
       (array_agg(distinct id_police::text order by id_police::text))[1:${bind(LINKED_POLICIES)}::int] as ids`,
    where: (bind) => [
      `type_message in (${WATCHED_EVENTS.map((type) => bind(type)).join(', ')})`,
      `time >= ${bind(w.since)}::timestamptz`,
    ],
    groupBy: 'type_message',
  });

/** Watched events of the last 30 days per broker (wholesalers) and in all. */
export const eventsPerBrokerSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'timeline_event',
    select: () => `${brokerKey(caller)}, count(*)::int as events`,
    where: (bind) => [
      `type_message in (${WATCHED_EVENTS.map((type) => bind(type)).join(', ')})`,
      `time >= ${bind(w.since)}::timestamptz`,
    ],
    groupBy: brokerGroups(caller),
  });

/** Policies in force, with an effective date this month, terminated this month. */
export const policiesSql = (caller: Caller, w: DashboardWindow): Statement =>
  seesAllRows(caller) ? allPoliciesSql(w) : scopedPoliciesSql(caller, w);

const scopedPoliciesSql = (caller: Caller, w: DashboardWindow): Statement =>
  scopedAggregate(caller, {
    table: 'police',
    select: (bind) => {
      const month = `${bind(w.month)}::date`;
      const next = `${bind(w.nextMonth)}::date`;
      return `${brokerKey(caller)}, ${perBroker(caller) ? 'min(courtier)' : 'null::text'} as courtier,
        count(*) filter (where statut = 'En cours')::int as "inForce",
        count(*) filter (where date_effet >= ${month} and date_effet < ${next})::int as "newThisMonth",
        count(*) filter (where date_resil >= ${month} and date_resil < ${next})::int as "terminatedThisMonth"`;
    },
    groupBy: brokerGroups(caller),
  });

/**
 * The same figures over every policy (migration 0022): in force from the kept count per status,
 * the month's ones from the date indexes, instead of reading a million index entries.
 */
const allPoliciesSql = (w: DashboardWindow): Statement => {
  const bind = binder();
  const month = `${bind(w.month)}::date`;
  const next = `${bind(w.nextMonth)}::date`;
  return {
    sql: `select null::text as code, 1 as total, null::text as courtier,
      (select coalesce(sum(n), 0) from police_status_count where statut = 'En cours')::int as "inForce",
      (select count(*) from police where date_effet >= ${month} and date_effet < ${next})::int as "newThisMonth",
      (select count(*) from police where date_resil >= ${month} and date_resil < ${next})::int as "terminatedThisMonth"`,
    params: bind.params,
  };
};
