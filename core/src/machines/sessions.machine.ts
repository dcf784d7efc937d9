import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import type { Session } from '../domain/session.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface SessionsContext {
  readonly sessions: readonly Session[];
  readonly error: MessageRef | null;
  /** The last ending done, for the success banner. */
  readonly done: 'ended' | 'othersEnded' | null;
  /** The session being ended ('others' for all the others), so its button shows it. */
  readonly ending: number | 'others' | null;
}

export type SessionsEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'end'; id: number }
  | { type: 'endOthers' };

const isNotFound = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' && error.status === 404;

/**
 * A list of sessions and their ending (docs/security.md "Identity: sessions"): the settings' card
 * (the caller's own; `endOthers` keeps the one in use) and an administrator's view of a user's
 * (`endOthers` ends them all). After an ending the list is read again, so it shows what the
 * server holds; a session already gone (404) reloads the list with the message.
 */
export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent },
  actors: {
    loadSessions: fromPromise<readonly Session[], void>(() =>
      Promise.reject(new Error('loadSessions not provided')),
    ),
    endSession: fromPromise<void, number>(() => Promise.reject(new Error('endSession not provided'))),
    endOthers: fromPromise<void, void>(() => Promise.reject(new Error('endOthers not provided'))),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: [], error: null, done: null, ending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'idle', actions: assign({ sessions: ({ event }) => event.output, ending: null }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error), done: null, ending: null }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['ready'],
      on: {
        refresh: { target: 'loading', actions: assign({ error: null, done: null }) },
        end: {
          target: 'ending',
          actions: assign({ error: null, done: null, ending: ({ event }) => event.id }),
        },
        endOthers: { target: 'endingOthers', actions: assign({ error: null, done: null, ending: 'others' }) },
      },
    },
    ending: {
      tags: ['busy'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => context.ending as number,
        onDone: { target: 'loading', actions: assign({ done: 'ended' }) },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({ error: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'idle',
            actions: assign({ error: ({ event }) => failureMessage(event.error), ending: null }),
          },
        ],
      },
    },
    endingOthers: {
      tags: ['busy'],
      invoke: {
        id: 'endOthers',
        src: 'endOthers',
        onDone: { target: 'loading', actions: assign({ done: 'othersEnded' }) },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureMessage(event.error), ending: null }),
        },
      },
    },
  },
});
