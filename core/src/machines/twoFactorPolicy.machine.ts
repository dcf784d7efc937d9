import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface TwoFactorPolicy {
  /** The roles that require a second factor. */
  readonly required: readonly string[];
  /** Every role, offered as choices. */
  readonly roles: readonly string[];
}

export interface TwoFactorPolicyContext {
  /** Every role, offered as choices. */
  readonly choices: readonly string[];
  /** The roles chosen, saved by `save`. */
  readonly selected: readonly string[];
  readonly error: MessageRef | null;
  readonly saved: boolean;
}

export type TwoFactorPolicyEvent = { type: 'retry' } | { type: 'toggle'; role: string } | { type: 'save' };

/**
 * The administrator's setting of the roles that require a second factor (users screen): a user
 * of such a role without one enrols at the next sign-in (docs/security.md). What the server
 * answers after saving becomes the choices, so they show what it holds.
 */
export const twoFactorPolicyMachine = setup({
  types: { context: {} as TwoFactorPolicyContext, events: {} as TwoFactorPolicyEvent },
  actors: {
    loadPolicy: fromPromise<TwoFactorPolicy, void>(() =>
      Promise.reject(new Error('loadPolicy not provided')),
    ),
    saveRoles: fromPromise<readonly string[], readonly string[]>(() =>
      Promise.reject(new Error('saveRoles not provided')),
    ),
  },
}).createMachine({
  id: 'twoFactorPolicy',
  context: { choices: [], selected: [], error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPolicy',
        src: 'loadPolicy',
        onDone: {
          target: 'idle',
          actions: assign({
            choices: ({ event }) => event.output.roles,
            selected: ({ event }) => event.output.required,
          }),
        },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['ready'],
      on: {
        toggle: {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.role)
                ? context.selected.filter((r) => r !== event.role)
                : [...context.selected, event.role].sort(),
            saved: false,
          }),
        },
        save: { target: 'saving', actions: assign({ error: null, saved: false }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveRoles',
        src: 'saveRoles',
        input: ({ context }) => context.selected,
        onDone: {
          target: 'idle',
          actions: assign({ selected: ({ event }) => event.output, saved: true }),
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
