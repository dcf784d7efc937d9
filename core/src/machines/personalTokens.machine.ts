import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import {
  type CreatedPersonalToken,
  MAX_TOKEN_DAYS,
  type NewPersonalToken,
  type PersonalToken,
} from '../domain/personalToken.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface PersonalTokensContext {
  readonly tokens: readonly PersonalToken[];
  readonly error: MessageRef | null;
  /** The last change done, for the success banner. */
  readonly done: 'created' | 'revoked' | null;
  /** The token just created, with its secret: shown until dismissed, then never again. */
  readonly created: CreatedPersonalToken | null;
  /** What is being created, or the token being revoked. */
  readonly request: NewPersonalToken | null;
  readonly revoking: number | null;
}

export type PersonalTokensEvent =
  | { type: 'retry' }
  | { type: 'create'; token: NewPersonalToken }
  | { type: 'revoke'; id: number }
  | { type: 'dismiss' };

const isNotFound = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' && error.status === 404;

/** The form's own refusal, before any request: a name, and a life of 1 to 365 whole days. */
const invalid = (token: NewPersonalToken): MessageRef | null => {
  if (token.name.trim() === '') return message('settings.tokens.nameRequired');
  if (
    !Number.isInteger(token.expiresInDays) ||
    token.expiresInDays < 1 ||
    token.expiresInDays > MAX_TOKEN_DAYS
  )
    return message('settings.tokens.badExpiry', { max: MAX_TOKEN_DAYS });
  return null;
};

/**
 * The settings' personal access tokens (docs/integrations.md): list, create (the secret stays in
 * context until dismissed: it is shown once), revoke. After a change the list is read again, so
 * it shows what the server holds; a token already gone (404) reloads the list with the message.
 */
export const personalTokensMachine = setup({
  types: { context: {} as PersonalTokensContext, events: {} as PersonalTokensEvent },
  actors: {
    loadTokens: fromPromise<readonly PersonalToken[], void>(() =>
      Promise.reject(new Error('loadTokens not provided')),
    ),
    createToken: fromPromise<CreatedPersonalToken, NewPersonalToken>(() =>
      Promise.reject(new Error('createToken not provided')),
    ),
    revokeToken: fromPromise<void, number>(() => Promise.reject(new Error('revokeToken not provided'))),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
    invalid: (_, params: { token: NewPersonalToken }) => invalid(params.token) !== null,
  },
}).createMachine({
  id: 'personalTokens',
  context: { tokens: [], error: null, done: null, created: null, request: null, revoking: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        onDone: { target: 'idle', actions: assign({ tokens: ({ event }) => event.output, revoking: null }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error), done: null, revoking: null }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['ready'],
      on: {
        create: [
          {
            guard: { type: 'invalid', params: ({ event }) => ({ token: event.token }) },
            actions: assign({ error: ({ event }) => invalid(event.token), done: null }),
          },
          {
            target: 'creating',
            actions: assign({
              error: null,
              done: null,
              created: null,
              request: ({ event }) => ({ ...event.token, name: event.token.name.trim() }),
            }),
          },
        ],
        revoke: {
          target: 'revoking',
          actions: assign({ error: null, done: null, revoking: ({ event }) => event.id }),
        },
        dismiss: { actions: assign({ created: null }) },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createToken',
        src: 'createToken',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'loading',
          actions: assign({ done: 'created', created: ({ event }) => event.output, request: null }),
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureMessage(event.error), request: null }),
        },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => context.revoking!,
        onDone: { target: 'loading', actions: assign({ done: 'revoked' }) },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({ error: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'idle',
            actions: assign({ error: ({ event }) => failureMessage(event.error), revoking: null }),
          },
        ],
      },
    },
  },
});
