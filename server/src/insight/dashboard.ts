/**
 * `GET /api/dashboard`: the figures of the home page in one answer. Commission figures need
 * `commissions.read`, policy counts `portfolio.read` (core's permission table), as their own lists do;
 * a part the caller may not see is `null`. Wholesalers also get the figures per broker.
 */

import { may } from '@extranet/core/permissions/table.ts';
import type { Db } from '../db/types.ts';
import type { Caller } from '../entities/engine/caller.ts';
import {
  clawbackPoliciesSql,
  clawbackTotalSql,
  eventsPerBrokerSql,
  eventsSql,
  monthsSql,
  paidSql,
  policiesSql,
  WATCHED_EVENTS,
} from './dashboard-sql.ts';
import { perBroker, type Statement } from './scoped.ts';
import { type DashboardWindow, dashboardWindow } from './window.ts';

/** How many brokers a wholesaler's ranking shows. */
export const TOP_BROKERS = 10;

type Row = Record<string, unknown>;
const run = (db: Db, statement: Statement) => db.query<Row>(statement.sql, statement.params);
const amount = (value: unknown) => Number(value ?? 0);
const whole = (row: Row | undefined) => row !== undefined && Number(row.total) === 1;

export const seesCommissions = (caller: Caller) => may(caller, 'commissions.read');
export const seesPolicies = (caller: Caller) => may(caller, 'portfolio.read');

/** The statements the dashboard runs for `caller`, by part; null where the caller may not see the part. */
export function dashboardStatements(caller: Caller, w: DashboardWindow) {
  const money = seesCommissions(caller);
  const policy = seesPolicies(caller);
  return {
    months: money ? monthsSql(caller, w) : null,
    paid: money && perBroker(caller) ? paidSql(caller, w) : null,
    claws: money ? clawbackTotalSql(caller, w) : null,
    clawPolicies: money ? clawbackPoliciesSql(caller, w) : null,
    events: eventsSql(caller, w),
    eventsByBroker: perBroker(caller) ? eventsPerBrokerSql(caller, w) : null,
    policies: policy ? policiesSql(caller, w) : null,
  };
}

export async function dashboard(db: Db, caller: Caller, now: Date) {
  const w = dashboardWindow(now);
  const money = seesCommissions(caller);
  const policy = seesPolicies(caller);
  const s = dashboardStatements(caller, w);
  const ask = (statement: Statement | null) =>
    statement ? run(db, statement) : Promise.resolve([] as Row[]);
  const [months, paid, claws, clawPolicies, events, eventsByBroker, policies] = await Promise.all([
    ask(s.months),
    ask(s.paid),
    ask(s.claws),
    ask(s.clawPolicies),
    ask(s.events),
    ask(s.eventsByBroker),
    ask(s.policies),
  ]);
  const clawTotal = claws.find(whole);
  const policyTotal = policies.find(whole);
  return {
    today: w.today,
    month: w.month,
    since: w.since,
    months: money ? monthSeries(w, months) : null,
    clawback: money
      ? {
          montant: amount(clawTotal?.montant),
          lines: Number(clawTotal?.lines ?? 0),
          policies: Number(clawTotal?.policies ?? 0),
          top: clawPolicies.map((row) => ({
            idPolice: Number(row.idPolice),
            police: row.police as string | null,
            nomprenom: row.nomprenom as string | null,
            montant: amount(row.montant),
            lines: Number(row.lines),
          })),
        }
      : null,
    events: WATCHED_EVENTS.map((type) => {
      const row = events.find((r) => r.type === type);
      return {
        type,
        events: Number(row?.events ?? 0),
        policies: Number(row?.policies ?? 0),
        idPolices: ((row?.ids as string[] | null) ?? []).map(Number),
      };
    }),
    policies: policy
      ? {
          inForce: Number(policyTotal?.inForce ?? 0),
          newThisMonth: Number(policyTotal?.newThisMonth ?? 0),
          terminatedThisMonth: Number(policyTotal?.terminatedThisMonth ?? 0),
        }
      : null,
    brokers: perBroker(caller)
      ? brokerRanking({ paid, claws, eventsByBroker, policies, money, policy })
      : null,
  };
}

function monthSeries(w: DashboardWindow, rows: readonly Row[]) {
  return w.months.map((mois) => {
    const row = rows.find((r) => r.mois === mois);
    return { mois, paid: amount(row?.paid), forecast: amount(row?.forecast) };
  });
}

interface Parts {
  readonly paid: readonly Row[];
  readonly claws: readonly Row[];
  readonly eventsByBroker: readonly Row[];
  readonly policies: readonly Row[];
  readonly money: boolean;
  readonly policy: boolean;
}

/** Each broker of a wholesaler with its figures; the top ten by amount paid (else by policies in force). */
function brokerRanking(parts: Parts) {
  const byCode = (rows: readonly Row[]) =>
    new Map(rows.filter((row) => !whole(row)).map((row) => [String(row.code), row]));
  const paid = byCode(parts.paid);
  const claws = byCode(parts.claws);
  const events = byCode(parts.eventsByBroker);
  const policies = byCode(parts.policies);
  const codes = [...new Set([...paid.keys(), ...policies.keys(), ...claws.keys(), ...events.keys()])];
  const brokers = codes.map((code) => {
    const p = policies.get(code);
    return {
      codeCourtierPortail: code,
      courtier: (p?.courtier as string | null | undefined) ?? null,
      paid: parts.money ? amount(paid.get(code)?.paid) : null,
      clawback: parts.money ? amount(claws.get(code)?.montant) : null,
      events: Number(events.get(code)?.events ?? 0),
      inForce: parts.policy ? Number(p?.inForce ?? 0) : null,
      newThisMonth: parts.policy ? Number(p?.newThisMonth ?? 0) : null,
      terminatedThisMonth: parts.policy ? Number(p?.terminatedThisMonth ?? 0) : null,
    };
  });
  brokers.sort(
    (a, b) =>
      (b.paid ?? 0) - (a.paid ?? 0) ||
      (b.inForce ?? 0) - (a.inForce ?? 0) ||
      a.codeCourtierPortail.localeCompare(b.codeCourtierPortail),
  );
  return { count: brokers.length, top: brokers.slice(0, TOP_BROKERS) };
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>;
