/** Alerts (docs/insight.md "Alerts"): the choice of event types, the unread count, unsubscribing. */
import { EVENT_TYPES } from '@extranet/core/domain/eventTypes.ts';
import { type Json, jsonContent, okJson, operation, queryParam, ref } from './builders.ts';

const int: Json = { type: 'integer' };
const types: Json = {
  type: 'array',
  uniqueItems: true,
  items: { type: 'string', enum: [...EVENT_TYPES] },
  description: 'timeline event types (`typeMessage`), in display order',
};
const unread = {
  unread: { ...int, description: 'chosen events within the scope after the last reading' },
  upTo: { ...int, description: 'the newest event id the count covers' },
};
const object = (properties: Record<string, Json>): Json => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

export const ALERT_SCHEMAS: Record<string, Json> = {
  AlertChoice: object({ types, digest: { type: 'boolean', description: 'the daily digest by e-mail' } }),
  AlertSettings: object({
    types,
    digest: { type: 'boolean' },
    chosen: { type: 'boolean', description: 'false while the role defaults apply' },
    ...unread,
  }),
  AlertUnread: object(unread),
  UnsubscribeTarget: object({
    email: { type: 'string', description: 'the address, masked' },
    digest: { type: 'boolean' },
  }),
};

const token = queryParam('token', 'the token of the digest’s link (signed for one user)');

export const ALERT_PATHS: Record<string, Json> = {
  '/api/account/alerts': {
    get: operation({
      id: 'getAlerts',
      tag: 'Insight',
      summary: 'The event types that alert me, the daily digest switch and the unread count',
      roles: 'signed-in',
      description:
        'Until the user chooses, IMP, MED and CTX for ROLE_COMPTA or ROLE_PORTEFEUILLE, none for others; the digest is on.',
      ok: { 200: okJson('the settings', ref('AlertSettings')) },
    }),
    put: operation({
      id: 'putAlerts',
      tag: 'Insight',
      summary: 'Choose the event types that alert me and the daily digest',
      roles: 'signed-in',
      description: 'An unknown or repeated type, or a missing switch, is a 400 and changes nothing.',
      body: { content: jsonContent(ref('AlertChoice')) },
      ok: { 200: okJson('the settings saved', ref('AlertSettings')) },
      errors: ['BadRequest'],
    }),
  },
  '/api/account/alerts/unread': {
    get: operation({
      id: 'getAlertsUnread',
      tag: 'Insight',
      summary: 'How many chosen events within my scope arrived since I last read them',
      roles: 'signed-in',
      ok: { 200: okJson('the count', ref('AlertUnread')) },
    }),
  },
  '/api/account/alerts/read': {
    post: operation({
      id: 'postAlertsRead',
      tag: 'Insight',
      summary: 'Mark my alerts read, up to `upTo` (a count’s) or the newest event',
      roles: 'signed-in',
      body: {
        required: false,
        content: jsonContent({
          type: 'object',
          additionalProperties: false,
          properties: { upTo: int },
        }),
      },
      ok: { 200: okJson('the count after', ref('AlertUnread')) },
      errors: ['BadRequest'],
    }),
  },
  '/api/alerts/unsubscribe': {
    get: operation({
      id: 'getUnsubscribe',
      tag: 'Insight',
      summary: 'Whose daily digest a mailed unsubscribe link stops (changes nothing)',
      roles: 'public',
      params: [token],
      ok: { 200: okJson('the target', ref('UnsubscribeTarget')) },
      errors: ['BadRequest'],
    }),
    post: operation({
      id: 'postUnsubscribe',
      tag: 'Insight',
      summary: 'Stop the daily digest of the link’s user (the page’s button, or RFC 8058 one-click)',
      roles: 'public',
      description:
        'A JSON `{}` from the confirmation page, or the form `List-Unsubscribe=One-Click` a mail client posts to the `List-Unsubscribe` address. A changed token is a 400 and changes nothing.',
      params: [token],
      ok: { 200: okJson('the digest is off', ref('UnsubscribeTarget')) },
      errors: ['BadRequest'],
    }),
  },
};
