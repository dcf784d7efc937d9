import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { RevealedNir } from '../domain/personalData.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface NirRevealContext {
  readonly idAssure: number;
  /** The whole NIR once revealed ('' when the person has none). */
  readonly nir: string | null;
  readonly error: MessageRef | null;
}

export type NirRevealEvent = { type: 'reveal' };

/**
 * The insured person's whole NIR on an explicit click (docs/security.md "Data protection"):
 * masked until then, one recorded request per click, shown once answered; a refusal says why
 * and the number stays masked.
 */
export const nirRevealMachine = setup({
  types: {
    context: {} as NirRevealContext,
    events: {} as NirRevealEvent,
    input: {} as { idAssure: number },
  },
  actors: {
    revealNir: fromPromise<typeof RevealedNir.Type, number>(() =>
      Promise.reject(new Error('revealNir not provided')),
    ),
  },
}).createMachine({
  id: 'nirReveal',
  context: ({ input }) => ({ idAssure: input.idAssure, nir: null, error: null }),
  initial: 'masked',
  states: {
    masked: {
      on: { reveal: { target: 'revealing', actions: assign({ error: null }) } },
    },
    revealing: {
      tags: ['busy'],
      invoke: {
        id: 'revealNir',
        src: 'revealNir',
        input: ({ context }) => context.idAssure,
        onDone: {
          target: 'revealed',
          actions: assign({ nir: ({ event }) => event.output.numeroSecu ?? '' }),
        },
        onError: { target: 'masked', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    revealed: { tags: ['revealed'] },
  },
});
