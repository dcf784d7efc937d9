import { Schema } from 'effect';
import { EVENT_TYPES, type EventType } from './eventTypes.ts';
import { Id } from './fields.ts';

/**
 * The event types that alert an account that never chose (docs/insight.md "Alerts"): unpaid
 * (IMP), formal notice (MED) and litigation (CTX), for the roles that follow payments; none for
 * other accounts until they choose.
 */
export const DEFAULT_ALERT_TYPES = ['IMP', 'MED', 'CTX'] as const;
export const DEFAULT_ALERT_ROLES = ['ROLE_COMPTA', 'ROLE_PORTEFEUILLE'] as const;

/** The types alerting an account with these roles and no choice of its own. */
export const defaultAlertTypes = (authorities: readonly string[]): readonly EventType[] =>
  DEFAULT_ALERT_ROLES.some((role) => authorities.includes(role)) ? DEFAULT_ALERT_TYPES : [];

const AlertType = Schema.Literal(...EVENT_TYPES);

/** Timeline event types, each once. */
const AlertTypes = Schema.Array(AlertType)
  .pipe(
    Schema.filter((types) => new Set(types).size === types.length, {
      message: () => 'An event type is listed twice',
      jsonSchema: { uniqueItems: true },
    }),
  )
  .annotations({ description: 'timeline event types (`typeMessage`), in display order' });

/** `PUT /api/account/alerts`: the chosen types (known codes, each once) and the daily digest on or off. */
export const AlertChoice = Schema.Struct({
  types: AlertTypes,
  digest: Schema.Boolean.annotations({ description: 'the daily digest by e-mail' }),
});
export type AlertChoice = typeof AlertChoice.Type;

/** The unread count: chosen events within the caller's scope above `upTo` of the last reading. */
export const AlertUnread = Schema.Struct({
  /** Events not read yet. */
  unread: Id.annotations({ description: 'chosen events within the scope after the last reading' }),
  /** The newest event id the count covers: marking read up to it leaves later events unread. */
  upTo: Id.annotations({ description: 'the newest event id the count covers' }),
});
export type AlertUnread = typeof AlertUnread.Type;

/** `GET /api/account/alerts`: the choice (the role defaults until the user chose) and the unread count. */
export const AlertSettings = Schema.Struct({
  ...AlertChoice.fields,
  /** False while the role defaults apply. */
  chosen: Schema.Boolean.annotations({ description: 'false while the role defaults apply' }),
  ...AlertUnread.fields,
});
export type AlertSettings = typeof AlertSettings.Type;

/** `GET /api/alerts/unsubscribe?token=`: whose digest the link stops, shown before confirming. */
export const UnsubscribeTarget = Schema.Struct({
  email: Schema.String.annotations({ description: 'the address, masked' }),
  digest: Schema.Boolean,
});
export type UnsubscribeTarget = typeof UnsubscribeTarget.Type;
