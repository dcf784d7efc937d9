import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { AlertChoice, AlertSettings, AlertUnread } from '../domain/alerts.ts';
import { EVENT_TYPES } from '../domain/eventTypes.ts';
import type { MessageRef } from '../i18n/message.ts';

type AlertType = (typeof EVENT_TYPES)[number];

export interface AlertSettingsContext {
  /** What the server holds: null until the first load answered. */
  readonly settings: AlertSettings | null;
  /** The types ticked in the card, in display order (saved by `save`). */
  readonly types: readonly AlertType[];
  /** The digest switch as shown in the card. */
  readonly digest: boolean;
  readonly error: MessageRef | null;
  /** The choice shown is the one the last `save` stored (until it is edited again). */
  readonly saved: boolean;
}

export type AlertSettingsEvent =
  | { type: 'retry' }
  | { type: 'type.toggle'; code: AlertType }
  | { type: 'digest.toggle' }
  | { type: 'save' }
  | { type: 'markRead' };

const loaded = (settings: AlertSettings) => ({ settings, types: settings.types, digest: settings.digest });

/**
 * The settings' alerts card (docs/insight.md "Alerts"): `loading` the choice and the unread
 * count, then `ready` where types and the digest are edited; `save` stores them (`saving`),
 * `markRead` reads up to what the count covered (`markingRead`); both answer with what the
 * server holds, and run the `changed` action so the navbar's badge counts again. A refused call
 * comes back to `ready` with the server's message, the edits kept; a failed load is `failure`
 * (`retry`). Runtimes provide `loadSettings`, `saveSettings`, `markRead` and `changed`.
 */
export const alertSettingsMachine = setup({
  types: { context: {} as AlertSettingsContext, events: {} as AlertSettingsEvent },
  actors: {
    loadSettings: fromPromise<AlertSettings, void>(() =>
      Promise.reject(new Error('loadSettings not provided')),
    ),
    saveSettings: fromPromise<AlertSettings, AlertChoice>(() =>
      Promise.reject(new Error('saveSettings not provided')),
    ),
    markRead: fromPromise<AlertUnread, number>(() => Promise.reject(new Error('markRead not provided'))),
  },
  actions: {
    /** The choice or the read mark changed on the server (the badge counts again). */
    changed: () => undefined,
  },
  guards: {
    hasUnread: ({ context }) => (context.settings?.unread ?? 0) > 0,
  },
}).createMachine({
  id: 'alertSettings',
  context: { settings: null, types: [], digest: false, error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign(({ event }) => loaded(event.output)) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      tags: ['ready'],
      on: {
        'type.toggle': {
          actions: assign({
            // Display order whatever the order of the clicks: one choice, one list.
            types: ({ context, event }) =>
              EVENT_TYPES.filter((type) =>
                type === event.code ? !context.types.includes(type) : context.types.includes(type),
              ),
            saved: false,
          }),
        },
        'digest.toggle': { actions: assign({ digest: ({ context }) => !context.digest, saved: false }) },
        save: { target: 'saving', actions: assign({ error: null, saved: false }) },
        markRead: { guard: 'hasUnread', target: 'markingRead', actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ types: context.types, digest: context.digest }),
        onDone: {
          target: 'ready',
          actions: [assign(({ event }) => ({ ...loaded(event.output), saved: true })), 'changed'],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    markingRead: {
      tags: ['busy'],
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => context.settings?.upTo ?? 0,
        onDone: {
          target: 'ready',
          // Only the count moves: the edits in progress stay as they are.
          actions: [
            assign({
              settings: ({ context, event }) => context.settings && { ...context.settings, ...event.output },
            }),
            'changed',
          ],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
