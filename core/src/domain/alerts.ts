import { Schema } from 'effect';
import { EVENT_TYPES } from './eventTypes.ts';
import { Int } from './fields.ts';

/**
 * The event types that alert an account that never chose (docs/insight.md "Alerts"): unpaid
 * (IMP), formal notice (MED) and litigation (CTX), for the roles that follow payments; none for
 * other accounts until they choose.
 */
export const DEFAULT_ALERT_TYPES = ['IMP', 'MED', 'CTX'] as const;
export const DEFAULT_ALERT_ROLES = ['ROLE_COMPTA', 'ROLE_PORTEFEUILLE'] as const;

/** The types alerting an account with these roles and no choice of its own. */
export const defaultAlertTypes = (authorities: readonly string[]): readonly string[] =>
  DEFAULT_ALERT_ROLES.some((role) => authorities.includes(role)) ? DEFAULT_ALERT_TYPES : [];

const AlertType = Schema.Literal(...EVENT_TYPES);

/** `PUT /api/account/alerts`: the chosen types (known codes, each once) and the daily digest on or off. */
export const AlertChoice = Schema.Struct({ types: Schema.Array(AlertType), digest: Schema.Boolean });
export type AlertChoice = typeof AlertChoice.Type;

/** The unread count: chosen events within the caller's scope above `upTo` of the last reading. */
export const AlertUnread = Schema.Struct({
  /** Events not read yet. */
  unread: Int,
  /** The newest event id the count covers: marking read up to it leaves later events unread. */
  upTo: Int,
});
export type AlertUnread = typeof AlertUnread.Type;

/** `GET /api/account/alerts`: the choice (the role defaults until the user chose) and the unread count. */
export const AlertSettings = Schema.Struct({
  ...AlertChoice.fields,
  /** False while the role defaults apply. */
  chosen: Schema.Boolean,
  ...AlertUnread.fields,
});
export type AlertSettings = typeof AlertSettings.Type;

/** `GET /api/alerts/unsubscribe?token=`: whose digest the link stops, shown before confirming. */
export const UnsubscribeTarget = Schema.Struct({ email: Schema.String, digest: Schema.Boolean });
export type UnsubscribeTarget = typeof UnsubscribeTarget.Type;
