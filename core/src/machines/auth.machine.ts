import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import type { Account, Credentials } from '../domain/account.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface AuthContext {
  readonly account: Account | null;
  readonly rememberMe: boolean;
  /** The guarded URL the visitor was refused, visited after sign-in (docs/product.md §2). */
  readonly targetUrl: string | null;
  readonly error: MessageRef | null;
  /**
   * The server refused the token of a signed-in user (expired or revoked): the modal says the
   * session ended and the screen stays where it was, so signing in again returns to it.
   */
  readonly sessionEnded: boolean;
}

export type AuthEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  | { type: 'access.denied'; url: string }
  | { type: 'signIn.submit'; credentials: Credentials }
  | { type: 'identity.reload' }
  /** A 401 ended the session; `url` is where the user was, visited again after sign-in. */
  | { type: 'session.expired'; url?: string }
  | { type: 'signOut' };

/** Where a successful sign-in goes: the stored target, else the timeline. */
export const HOME_AFTER_SIGN_IN = '/timeline';

const isUnauthorized = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' && error.status === 401;

/** Sign-in failure banner for bad credentials; the generic message for anything else. */
const signInError = (error: unknown): MessageRef => {
  if (isUnauthorized(error)) return message('login.messages.error.authentication');
  return failureMessage(error);
};

/**
 * Who is signed in. A runtime that finds a stored token sends `identity.reload` at start.
 * Runtimes provide the actors (`signIn` returns a token, `loadAccount` the
 * identity) and the actions that keep the token (`saveToken` picks the store from remember-me)
 * and move the user (`redirect`).
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    signIn: fromPromise<string, Credentials>(() => Promise.reject(new Error('signIn actor not provided'))),
    loadAccount: fromPromise<Account, void>(() =>
      Promise.reject(new Error('loadAccount actor not provided')),
    ),
  },
  actions: {
    saveToken: (_, _params: { token: string; remember: boolean }) => {},
    clearToken: () => {},
    redirect: (_, _params: { url: string }) => {},
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
  },
}).createMachine({
  id: 'auth',
  context: { account: null, rememberMe: false, targetUrl: null, error: null, sessionEnded: false },
  initial: 'anonymous',
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'signedIn', actions: assign({ account: ({ event }) => event.output }) },
        onError: [
          // The stored token no longer works: the session ended while the app was closed.
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: '#auth.anonymous.open',
            actions: ['clearToken', assign({ sessionEnded: true })],
          },
          // Unreachable server: keep the token, the next start may succeed.
          { target: 'anonymous' },
        ],
      },
    },
    anonymous: {
      initial: 'closed',
      on: {
        'signIn.submit': { target: '.signingIn' },
      },
      states: {
        closed: {
          on: {
            // Sent at start when a token is stored: the identity is fetched with it.
            'identity.reload': { target: '#auth.restoring' },
            'modal.open': { target: 'open' },
            'access.denied': { target: 'open', actions: assign({ targetUrl: ({ event }) => event.url }) },
          },
        },
        open: {
          tags: ['modalOpen'],
          on: {
            'modal.close': { target: 'closed', actions: assign({ targetUrl: null, sessionEnded: false }) },
            'access.denied': { actions: assign({ targetUrl: ({ event }) => event.url }) },
          },
        },
        signingIn: {
          tags: ['modalOpen', 'busy'],
          entry: assign({
            error: null,
            rememberMe: ({ event }) =>
              event.type === 'signIn.submit' ? event.credentials.rememberMe : false,
          }),
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => (event as Extract<AuthEvent, { type: 'signIn.submit' }>).credentials,
            onDone: {
              target: 'loadingAccount',
              actions: {
                type: 'saveToken',
                params: ({ context, event }) => ({ token: event.output, remember: context.rememberMe }),
              },
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => signInError(event.error) }),
            },
          },
        },
        loadingAccount: {
          tags: ['modalOpen', 'busy'],
          invoke: {
            id: 'loadAccount',
            src: 'loadAccount',
            onDone: {
              target: '#auth.signedIn',
              actions: [
                assign({ account: ({ event }) => event.output, sessionEnded: false }),
                {
                  type: 'redirect',
                  params: ({ context }) => ({ url: context.targetUrl ?? HOME_AFTER_SIGN_IN }),
                },
                assign({ targetUrl: null }),
              ],
            },
            onError: {
              target: 'failed',
              actions: ['clearToken', assign({ error: ({ event }) => signInError(event.error) })],
            },
          },
        },
        failed: {
          tags: ['modalOpen'],
          on: {
            'modal.close': {
              target: 'closed',
              actions: assign({ targetUrl: null, error: null, sessionEnded: false }),
            },
          },
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        signOut: {
          target: 'anonymous',
          actions: ['clearToken', assign({ account: null }), { type: 'redirect', params: { url: '/' } }],
        },
        'session.expired': {
          target: '#auth.anonymous.open',
          actions: [
            'clearToken',
            assign({
              account: null,
              sessionEnded: true,
              targetUrl: ({ event }) => event.url ?? null,
            }),
          ],
        },
      },
      states: {
        idle: { on: { 'identity.reload': { target: 'reloading' } } },
        reloading: {
          invoke: {
            id: 'loadAccount',
            src: 'loadAccount',
            onDone: { target: 'idle', actions: assign({ account: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.anonymous.open',
                actions: ['clearToken', assign({ account: null, sessionEnded: true })],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});
