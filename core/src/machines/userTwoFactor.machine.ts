import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { TwoFactorStatus } from '../domain/twoFactor.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface UserTwoFactorContext {
  readonly status: TwoFactorStatus | null;
  readonly error: MessageRef | null;
  /** The enrolment was just reset, for the banner. */
  readonly reset: boolean;
}

export type UserTwoFactorEvent = { type: 'retry' } | { type: 'reset' };

/**
 * An administrator's view of a user's second factor (user detail screen): enrolled or not,
 * required by a role or not, and the reset of the enrolment (docs/security.md "Identity:
 * two-factor sign-in"). The state is read again after a reset.
 */
export const userTwoFactorMachine = setup({
  types: { context: {} as UserTwoFactorContext, events: {} as UserTwoFactorEvent },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus, void>(() =>
      Promise.reject(new Error('loadStatus not provided')),
    ),
    resetEnrolment: fromPromise<void, void>(() => Promise.reject(new Error('resetEnrolment not provided'))),
  },
}).createMachine({
  id: 'userTwoFactor',
  context: { status: null, error: null, reset: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'idle', actions: assign({ status: ({ event }) => event.output }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error), reset: false }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['ready'],
      on: { reset: { target: 'resetting', actions: assign({ error: null, reset: false }) } },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'resetEnrolment',
        src: 'resetEnrolment',
        onDone: { target: 'loading', actions: assign({ reset: true }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
