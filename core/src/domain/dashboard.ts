import { Schema } from 'effect';
import { Amount, described, Id, Int, IsoDate, IsoDateTime } from './fields.ts';

/** The event types the dashboard counts: unpaid (IMP), formal notice (MED), litigation (CTX). */
export const WATCHED_EVENT_TYPES = ['IMP', 'MED', 'CTX'] as const;

const MonthFigures = Schema.Struct({ mois: IsoDate, paid: Amount, forecast: Amount });

const ClawbackPolicy = Schema.Struct({
  idPolice: Id,
  police: Schema.NullOr(Schema.String),
  nomprenom: Schema.NullOr(Schema.String),
  montant: Amount,
  lines: Int,
});

const BrokerFigures = Schema.Struct({
  codeCourtierPortail: Schema.String,
  courtier: Schema.NullOr(Schema.String),
  paid: Schema.NullOr(Amount),
  clawback: Schema.NullOr(Amount),
  events: Int,
  inForce: Schema.NullOr(Int),
  newThisMonth: Schema.NullOr(Int),
  terminatedThisMonth: Schema.NullOr(Int),
});
export type BrokerFigures = typeof BrokerFigures.Type;

/**
 * `GET /api/dashboard`: the home page's figures within the caller's scope. A part the caller's
 * roles do not open (commissions without ROLE_COMPTA, policies without ROLE_PORTEFEUILLE) is null.
 */
export const Dashboard = Schema.Struct({
  today: IsoDate,
  month: described(IsoDate, 'first day of the month in progress'),
  since: described(IsoDateTime, 'events are counted from this instant (30 days)'),
  months: described(
    Schema.NullOr(Schema.Array(MonthFigures)),
    'the 12 statement months ending with next month (the forecast); null without commissions.read',
  ),
  clawback: Schema.NullOr(
    Schema.Struct({ montant: Amount, lines: Int, policies: Int, top: Schema.Array(ClawbackPolicy) }),
  ),
  events: Schema.Array(
    Schema.Struct({
      type: Schema.Literal(...WATCHED_EVENT_TYPES),
      events: Int,
      policies: Int,
      idPolices: described(Schema.Array(Id), 'at most 200, ascending'),
    }),
  ),
  policies: Schema.NullOr(Schema.Struct({ inForce: Int, newThisMonth: Int, terminatedThisMonth: Int })),
  brokers: Schema.NullOr(Schema.Struct({ count: Int, top: Schema.Array(BrokerFigures) })),
});
export type Dashboard = typeof Dashboard.Type;
