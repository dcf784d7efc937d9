import { Effect } from 'effect';
import { type AlertChoice, AlertSettings, AlertUnread, UnsubscribeTarget } from '../domain/alerts.ts';
import { getJson } from './request.ts';

const unsubscribe = (token: string) => ({
  path: 'api/alerts/unsubscribe',
  query: [['token', token]] as const,
});

/** Alerts (docs/insight.md "Alerts"): the signed-in user's choice, the unread count, unsubscribing. */
export const alertsApi = {
  /** `GET api/account/alerts`. */
  settings: () => getJson(AlertSettings, { path: 'api/account/alerts' }),
  /** `PUT api/account/alerts`. */
  save: (choice: AlertChoice) =>
    getJson(AlertSettings, { method: 'PUT', path: 'api/account/alerts', json: choice }),
  /** `POST api/account/alerts/read`: read up to `upTo` (what the count covered). */
  markRead: (upTo: number) =>
    getJson(AlertUnread, { method: 'POST', path: 'api/account/alerts/read', json: { upTo } }),
  /** `GET api/alerts/unsubscribe?token=`: whose digest a mailed link stops (changes nothing). */
  unsubscribeTarget: (token: string) => getJson(UnsubscribeTarget, unsubscribe(token)),
  /** `POST api/alerts/unsubscribe?token=`: stops that digest, without signing in. */
  unsubscribe: (token: string) =>
    getJson(UnsubscribeTarget, { ...unsubscribe(token), method: 'POST', json: {} }).pipe(Effect.asVoid),
};
