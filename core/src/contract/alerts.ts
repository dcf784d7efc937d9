/** Alerts (docs/insight.md "Alerts"): the choice of event types, the unread count, unsubscribing. */
import { Schema } from 'effect';
import { AlertChoice, AlertSettings, AlertUnread, UnsubscribeTarget } from '../domain/alerts.ts';
import { endpoint } from './endpoint.ts';

const GROUP = 'Insight';
const Settings = AlertSettings.annotations({ identifier: 'AlertSettings' });
const Unread = AlertUnread.annotations({ identifier: 'AlertUnread' });
const Target = UnsubscribeTarget.annotations({ identifier: 'UnsubscribeTarget' });
const byToken = Schema.Struct({
  token: Schema.String.pipe(Schema.maxLength(200)).annotations({
    description: 'the token of the digest’s link (signed for one user)',
  }),
});

export const alerts = {
  settings: endpoint({
    id: 'getAlerts',
    group: GROUP,
    method: 'GET',
    path: '/api/account/alerts',
    summary: 'The event types that alert me, the daily digest switch and the unread count',
    description:
      'Until the user chooses, IMP, MED and CTX for ROLE_COMPTA or ROLE_PORTEFEUILLE, none for others; the digest is on.',
    access: 'signed-in',
    success: { status: 200, description: 'the settings', schema: Settings },
  }),
  save: endpoint({
    id: 'putAlerts',
    group: GROUP,
    method: 'PUT',
    path: '/api/account/alerts',
    summary: 'Choose the event types that alert me and the daily digest',
    description: 'An unknown or repeated type, or a missing switch, is a 400 and changes nothing.',
    access: 'signed-in',
    objectName: 'alerts',
    strictBody: true,
    body: AlertChoice.annotations({ identifier: 'AlertChoice' }),
    success: {
      status: 200,
      description: 'the settings saved',
      schema: Settings,
      headers: ['alert'],
      alert: 'alerts.saved',
    },
    errors: ['BadRequest'],
  }),
  unread: endpoint({
    id: 'getAlertsUnread',
    group: GROUP,
    method: 'GET',
    path: '/api/account/alerts/unread',
    summary: 'How many chosen events within my scope arrived since I last read them',
    access: 'signed-in',
    success: { status: 200, description: 'the count', schema: Unread },
  }),
  markRead: endpoint({
    id: 'postAlertsRead',
    group: GROUP,
    method: 'POST',
    path: '/api/account/alerts/read',
    summary: 'Mark my alerts read, up to `upTo` (a count’s) or the newest event',
    access: 'signed-in',
    optionalBody: true,
    body: Schema.Struct({
      upTo: Schema.optional(
        Schema.Number.pipe(Schema.int(), Schema.between(0, Number.MAX_SAFE_INTEGER)).annotations({
          description: "a count's `upTo`; the newest event when left out",
        }),
      ),
    }),
    success: { status: 200, description: 'the count after', schema: Unread },
    errors: ['BadRequest'],
  }),
  unsubscribeTarget: endpoint({
    id: 'getUnsubscribe',
    group: GROUP,
    method: 'GET',
    path: '/api/alerts/unsubscribe',
    summary: 'Whose daily digest a mailed unsubscribe link stops (changes nothing)',
    access: 'public',
    query: byToken,
    success: { status: 200, description: 'the target', schema: Target },
    errors: ['BadRequest'],
  }),
  unsubscribe: endpoint({
    id: 'postUnsubscribe',
    group: GROUP,
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    summary: 'Stop the daily digest of the link’s user (the page’s button, or RFC 8058 one-click)',
    description:
      'A JSON `{}` from the confirmation page, or the form `List-Unsubscribe=One-Click` a mail client posts to the `List-Unsubscribe` address. A changed token is a 400 and changes nothing.',
    access: 'public',
    query: byToken,
    success: { status: 200, description: 'the digest is off', schema: Target },
    errors: ['BadRequest'],
  }),
};
