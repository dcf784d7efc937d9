import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import { problemKind } from '../api/problem.ts';
import type { Enrolment, TwoFactorStatus } from '../domain/twoFactor.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface TwoFactorContext {
  readonly status: TwoFactorStatus | null;
  readonly enrolment: Enrolment | null;
  readonly recoveryCodes: readonly string[];
  readonly error: MessageRef | null;
  /** The last change made, for the success banner. */
  readonly done: 'enabled' | 'disabled' | null;
}

export type TwoFactorEvent =
  | { type: 'retry' }
  | { type: 'enable' }
  | { type: 'disable' }
  | { type: 'code.submit'; code: string }
  | { type: 'cancel' }
  | { type: 'codes.ack' };

const failure = (error: unknown): MessageRef =>
  isApiError(error) ? errorMessage(error) : message('error.unexpected');

const kindOf = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' ? problemKind(error.problem) : undefined;

/**
 * The settings' two-factor card: the state, enrolment (QR code, first code, the recovery codes
 * shown once) and turning it off with a current code. A wrong code asks again; an expired
 * enrolment goes back to the start with its message.
 */
export const twoFactorMachine = setup({
  types: { context: {} as TwoFactorContext, events: {} as TwoFactorEvent },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus, void>(() =>
      Promise.reject(new Error('loadStatus not provided')),
    ),
    start: fromPromise<Enrolment, void>(() => Promise.reject(new Error('start not provided'))),
    confirm: fromPromise<readonly string[], { enrolmentToken: string; code: string }>(() =>
      Promise.reject(new Error('confirm not provided')),
    ),
    disable: fromPromise<void, string>(() => Promise.reject(new Error('disable not provided'))),
  },
  guards: {
    wrongCode: (_, params: { error: unknown }) => kindOf(params.error) === 'invalid-second-factor',
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, enrolment: null, recoveryCodes: [], error: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'idle', actions: assign({ status: ({ event }) => event.output }) },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    failure: { tags: ['failure'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['idle'],
      on: {
        enable: { target: 'starting', actions: assign({ error: null, done: null }) },
        disable: { target: 'disabling', actions: assign({ error: null, done: null }) },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { target: 'enrolling', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    enrolling: {
      tags: ['enrolling'],
      initial: 'asking',
      on: { cancel: { target: 'idle', actions: assign({ enrolment: null, error: null }) } },
      states: {
        asking: { on: { 'code.submit': { target: 'confirming' } } },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirm',
            src: 'confirm',
            input: ({ context, event }) => ({
              enrolmentToken: context.enrolment!.enrolmentToken,
              code: (event as Extract<TwoFactorEvent, { type: 'code.submit' }>).code,
            }),
            onDone: {
              target: '#twoFactor.showingCodes',
              actions: assign({ recoveryCodes: ({ event }) => event.output, enrolment: null, error: null }),
            },
            onError: [
              {
                guard: { type: 'wrongCode', params: ({ event }) => ({ error: event.error }) },
                target: 'asking',
                actions: assign({ error: ({ event }) => failure(event.error) }),
              },
              {
                target: '#twoFactor.idle',
                actions: assign({ enrolment: null, error: ({ event }) => failure(event.error) }),
              },
            ],
          },
        },
      },
    },
    showingCodes: {
      tags: ['recoveryCodes'],
      on: {
        'codes.ack': { target: 'loading', actions: assign({ recoveryCodes: [], done: 'enabled' }) },
      },
    },
    disabling: {
      tags: ['disabling'],
      initial: 'asking',
      on: { cancel: { target: 'idle', actions: assign({ error: null }) } },
      states: {
        asking: { on: { 'code.submit': { target: 'sending' } } },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'disable',
            src: 'disable',
            input: ({ event }) => (event as Extract<TwoFactorEvent, { type: 'code.submit' }>).code,
            onDone: { target: '#twoFactor.loading', actions: assign({ done: 'disabled', error: null }) },
            onError: { target: 'asking', actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
      },
    },
  },
});
