import { assign, fromPromise, setup } from 'xstate';
import type { AlertSettings, AlertUnread } from '../domain/alerts.ts';

/** How often the badge counts again while the page stays open. */
export const ALERTS_REFRESH_MS = 120_000;

export interface AlertsBadgeContext {
  /** The last answer: the chosen types (the link's filter) and the unread count. Null until one came. */
  readonly settings: AlertSettings | null;
}

export type AlertsBadgeEvent = { type: 'changed' } | { type: 'markRead' };

/**
 * The navbar's unread alerts (docs/insight.md "Alerts"): `loading` the choice and the count,
 * then `idle`, which counts again every two minutes and on `changed` (the settings card saved
 * or read). `markRead` (following the badge) shows 0 at once, reads up to what the count covered
 * (`markingRead`), then counts again whatever the answer. A failed count keeps the last one
 * shown until the next. Runtimes provide `loadSettings` and `markRead`.
 */
export const alertsBadgeMachine = setup({
  types: { context: {} as AlertsBadgeContext, events: {} as AlertsBadgeEvent },
  actors: {
    loadSettings: fromPromise<AlertSettings, void>(() =>
      Promise.reject(new Error('loadSettings not provided')),
    ),
    markRead: fromPromise<AlertUnread, number>(() => Promise.reject(new Error('markRead not provided'))),
  },
  guards: {
    hasUnread: ({ context }) => (context.settings?.unread ?? 0) > 0,
  },
}).createMachine({
  id: 'alertsBadge',
  context: { settings: null },
  initial: 'loading',
  on: {
    markRead: {
      guard: 'hasUnread',
      target: '.markingRead',
      // Optimistic: the badge empties as the timeline opens.
      actions: assign({ settings: ({ context }) => context.settings && { ...context.settings, unread: 0 } }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'idle', actions: assign({ settings: ({ event }) => event.output }) },
        onError: 'idle',
      },
      // A change while counting: count again, so the answer shown is the newer one.
      on: { changed: { target: 'loading', reenter: true } },
    },
    idle: {
      after: { [ALERTS_REFRESH_MS]: 'loading' },
      on: { changed: 'loading' },
    },
    markingRead: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        // `markRead` is guarded by an unread count, so settings are there.
        input: ({ context }) => context.settings?.upTo ?? 0,
        onDone: 'loading',
        onError: 'loading',
      },
    },
  },
});
