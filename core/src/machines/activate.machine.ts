import { assign, fromPromise, setup } from 'xstate';

/**
 * Account activation by mailed link (docs/product.md §4): `activating` then `success` or `failure`;
 * without a key it fails at once. Start with `input: { key }`; provide the actor `activate`.
 * `key.change` (the address now holds another key) starts over with it, whatever the state, so an
 * earlier outcome is never shown for a key that was not sent.
 */
export const activateMachine = setup({
  types: {
    context: {} as { readonly key: string | null },
    input: {} as { readonly key: string | null },
    events: {} as { type: 'key.change'; key: string | null },
  },
  actors: {
    activate: fromPromise<void, string>(() => Promise.reject(new Error('activate actor not provided'))),
  },
  guards: {
    noKey: ({ context }) => (context.key ?? '') === '',
    otherKey: ({ context, event }) => (event.key ?? '') !== (context.key ?? ''),
  },
}).createMachine({
  id: 'activate',
  context: ({ input }) => ({ key: input?.key ?? null }),
  initial: 'start',
  on: {
    'key.change': {
      guard: 'otherKey',
      target: '.start',
      actions: assign({ key: ({ event }) => event.key }),
    },
  },
  states: {
    start: { always: [{ guard: 'noKey', target: 'failure' }, { target: 'activating' }] },
    activating: {
      tags: ['busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => context.key ?? '',
        onDone: 'success',
        onError: 'failure',
      },
    },
    success: { tags: ['done'] },
    failure: { tags: ['failed'] },
  },
});
