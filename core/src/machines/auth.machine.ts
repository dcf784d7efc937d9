import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import { problemKind } from '../api/problem.ts';
import type { Account, Credentials } from '../domain/account.ts';
import type { SsoRefusal } from '../domain/sso.ts';
import {
  type Enrolment,
  enrolmentOfProblem,
  type SignedIn,
  type SignInRequest,
} from '../domain/twoFactor.ts';
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
  /** What the password step sent, kept to send again with the code (dropped once signed in or closed). */
  readonly credentials: Credentials | null;
  /** The second step the server asked for: a code, or an enrolment (secret and QR code) then a code. */
  readonly challenge:
    | { readonly kind: 'code' }
    | { readonly kind: 'enrol'; readonly enrolment: Enrolment }
    | null;
  /** The recovery codes of an enrolment made at sign-in, shown once before going on. */
  readonly recoveryCodes: readonly string[];
}

export type AuthEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  | { type: 'access.denied'; url: string }
  | { type: 'signIn.submit'; credentials: Credentials }
  /** The second step: six digits from the authenticator app, or a recovery code. */
  | { type: 'code.submit'; code: string }
  /** The user has noted the recovery codes shown after an enrolment at sign-in. */
  | { type: 'recoveryCodes.ack' }
  /** Back from single sign-on with the one-time code and the verifier kept before leaving. */
  | { type: 'sso.finish'; code: string; codeVerifier: string; rememberMe: boolean }
  /** Back from single sign-on refused: the dialog says why. */
  | { type: 'sso.refused'; reason: SsoRefusal }
  | { type: 'identity.reload' }
  /** A 401 ended the session; `url` is where the user was, visited again after sign-in. */
  | { type: 'session.expired'; url?: string }
  | { type: 'signOut' };

/**
 * Where a successful sign-in goes: the stored target, else the home page, which sends each
 * account to its home (the dashboard or the timeline, core's `features().dashboardHome`).
 */
export const HOME_AFTER_SIGN_IN = '/';

const isUnauthorized = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' && error.status === 401;

const kindOf = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' ? problemKind(error.problem) : undefined;

/** Sign-in failure banner for bad credentials; the server's message for a second-factor refusal. */
const signInError = (error: unknown): MessageRef => {
  const kind = kindOf(error);
  if (isUnauthorized(error) && kind !== 'invalid-second-factor' && kind !== 'invalid-enrolment')
    return message('login.messages.error.authentication');
  return failureMessage(error);
};

const enrolmentOf = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' ? enrolmentOfProblem(error.problem) : undefined;

/** The request the signIn actor sends: the password step's fields plus the second step's. */
const signInRequest = (context: AuthContext, code?: string): SignInRequest => ({
  ...context.credentials!,
  ...(code === undefined ? {} : { code }),
  ...(code !== undefined && context.challenge?.kind === 'enrol'
    ? { enrolmentToken: context.challenge.enrolment.enrolmentToken }
    : {}),
});

const forgetSignIn = { credentials: null, challenge: null, recoveryCodes: [] } as const;

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
    signIn: fromPromise<SignedIn, SignInRequest>(() =>
      Promise.reject(new Error('signIn actor not provided')),
    ),
    ssoSignIn: fromPromise<SignedIn, { code: string; codeVerifier: string }>(() =>
      Promise.reject(new Error('ssoSignIn actor not provided')),
    ),
    loadAccount: fromPromise<Account, void>(() =>
      Promise.reject(new Error('loadAccount actor not provided')),
    ),
  },
  actions: {
    saveToken: (_, _params: { token: string; remember: boolean }) => {},
    /** Signing out ends the server session of the token still stored (run before `clearToken`). */
    endSession: () => {},
    clearToken: () => {},
    redirect: (_, _params: { url: string }) => {},
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    /** The server asks for the problem `kind` (`second-factor-required`, …). */
    isProblem: (_, params: { error: unknown; kind: string }) => kindOf(params.error) === params.kind,
    asksEnrolment: (_, params: { error: unknown }) =>
      kindOf(params.error) === 'second-factor-enrolment-required' && enrolmentOf(params.error) !== undefined,
    gotRecoveryCodes: (_, params: { output: SignedIn }) => params.output.recoveryCodes.length > 0,
  },
}).createMachine({
  id: 'auth',
  context: {
    account: null,
    rememberMe: false,
    targetUrl: null,
    error: null,
    sessionEnded: false,
    ...forgetSignIn,
  },
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
        'signIn.submit': {
          target: '.signingIn',
          actions: assign({
            credentials: ({ event }) => event.credentials,
            rememberMe: ({ event }) => event.credentials.rememberMe,
            challenge: null,
          }),
        },
        'sso.finish': {
          target: '.ssoSigningIn',
          actions: assign({ rememberMe: ({ event }) => event.rememberMe, ...forgetSignIn }),
        },
        'sso.refused': {
          target: '.failed',
          actions: assign({
            error: ({ event }) => message(`login.sso.error.${event.reason}`),
            ...forgetSignIn,
          }),
        },
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
          entry: assign({ error: null }),
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context, event }) =>
              signInRequest(context, event.type === 'code.submit' ? event.code : undefined),
            onDone: [
              {
                guard: { type: 'gotRecoveryCodes', params: ({ event }) => ({ output: event.output }) },
                target: 'recoveryCodes',
                actions: [
                  {
                    type: 'saveToken',
                    params: ({ context, event }) => ({
                      token: event.output.token,
                      remember: context.rememberMe,
                    }),
                  },
                  assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes, credentials: null }),
                ],
              },
              {
                target: 'loadingAccount',
                actions: {
                  type: 'saveToken',
                  params: ({ context, event }) => ({
                    token: event.output.token,
                    remember: context.rememberMe,
                  }),
                },
              },
            ],
            onError: [
              {
                guard: {
                  type: 'isProblem',
                  params: ({ event }) => ({ error: event.error, kind: 'second-factor-required' }),
                },
                target: 'secondFactor',
                actions: assign({ challenge: { kind: 'code' } }),
              },
              {
                guard: { type: 'asksEnrolment', params: ({ event }) => ({ error: event.error }) },
                target: 'secondFactor',
                actions: assign({
                  challenge: ({ event }) => ({ kind: 'enrol', enrolment: enrolmentOf(event.error)! }),
                }),
              },
              // A wrong or used code: ask again, with the banner.
              {
                guard: {
                  type: 'isProblem',
                  params: ({ event }) => ({ error: event.error, kind: 'invalid-second-factor' }),
                },
                target: 'secondFactor',
                actions: assign({ error: ({ event }) => signInError(event.error) }),
              },
              {
                target: 'failed',
                actions: assign({ error: ({ event }) => signInError(event.error), ...forgetSignIn }),
              },
            ],
          },
        },
        ssoSigningIn: {
          tags: ['modalOpen', 'busy'],
          entry: assign({ error: null }),
          invoke: {
            id: 'ssoSignIn',
            src: 'ssoSignIn',
            input: ({ event }) =>
              event.type === 'sso.finish'
                ? { code: event.code, codeVerifier: event.codeVerifier }
                : { code: '', codeVerifier: '' },
            onDone: {
              target: 'loadingAccount',
              actions: {
                type: 'saveToken',
                params: ({ context, event }) => ({ token: event.output.token, remember: context.rememberMe }),
              },
            },
            // The server's reason (`login.sso.error.invalid-handoff`…), or the generic failure.
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => failureMessage(event.error) }),
            },
          },
        },
        secondFactor: {
          tags: ['modalOpen', 'secondFactor'],
          on: {
            'code.submit': { target: 'signingIn' },
            'modal.close': {
              target: 'closed',
              actions: assign({ targetUrl: null, error: null, sessionEnded: false, ...forgetSignIn }),
            },
          },
        },
        recoveryCodes: {
          tags: ['modalOpen', 'recoveryCodes'],
          on: { 'recoveryCodes.ack': { target: 'loadingAccount' } },
        },
        loadingAccount: {
          tags: ['modalOpen', 'busy'],
          invoke: {
            id: 'loadAccount',
            src: 'loadAccount',
            onDone: {
              target: '#auth.signedIn',
              actions: [
                assign({ account: ({ event }) => event.output, sessionEnded: false, ...forgetSignIn }),
                {
                  type: 'redirect',
                  params: ({ context }) => ({ url: context.targetUrl ?? HOME_AFTER_SIGN_IN }),
                },
                assign({ targetUrl: null }),
              ],
            },
            onError: {
              target: 'failed',
              actions: [
                'clearToken',
                assign({ error: ({ event }) => signInError(event.error), ...forgetSignIn }),
              ],
            },
          },
        },
        failed: {
          tags: ['modalOpen'],
          on: {
            'modal.close': {
              target: 'closed',
              actions: assign({ targetUrl: null, error: null, sessionEnded: false, ...forgetSignIn }),
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
          actions: [
            'endSession',
            'clearToken',
            assign({ account: null }),
            { type: 'redirect', params: { url: '/' } },
          ],
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
