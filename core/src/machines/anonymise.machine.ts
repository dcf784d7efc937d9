import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { retentionRunning } from '../api/retention.ts';
import type { Anonymisation } from '../domain/personalData.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface AnonymiseContext {
  readonly idAssure: number;
  /** When the person was anonymised, once done. */
  readonly anonymisedAt: string | null;
  /** After a refusal because retention runs: until when (null while the contract runs). */
  readonly retainedUntil: string | null;
  readonly error: MessageRef | null;
}

export type AnonymiseEvent = { type: 'anonymise' };

export interface AnonymiseRequest {
  readonly idAssure: number;
  /** Anonymise before the end of retention: only once the server said retention runs. */
  readonly force: boolean;
}

/**
 * An administrator's anonymisation of one insured person on request (docs/security.md "Data
 * protection"). While retention runs the server refuses and nothing changes: the machine then
 * says until when and the next click forces it. Idempotent on the server, so a click after
 * `done` asks again.
 */
export const anonymiseMachine = setup({
  types: {
    context: {} as AnonymiseContext,
    events: {} as AnonymiseEvent,
    input: {} as { idAssure: number },
  },
  actors: {
    anonymise: fromPromise<Anonymisation, AnonymiseRequest>(() =>
      Promise.reject(new Error('anonymise not provided')),
    ),
  },
  guards: {
    retentionRunning: ({ event }) => retentionRunning((event as { error?: unknown }).error) !== undefined,
  },
}).createMachine({
  id: 'anonymise',
  context: ({ input }) => ({
    idAssure: input.idAssure,
    anonymisedAt: null,
    retainedUntil: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { anonymise: 'anonymising' } },
    retained: { tags: ['retained'], on: { anonymise: 'forcing' } },
    done: { tags: ['done'], on: { anonymise: 'anonymising' } },
    anonymising: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'anonymise',
        src: 'anonymise',
        input: ({ context }) => ({ idAssure: context.idAssure, force: false }),
        onDone: {
          target: 'done',
          actions: assign({ anonymisedAt: ({ event }) => event.output.anonymisedAt, retainedUntil: null }),
        },
        onError: [
          {
            guard: 'retentionRunning',
            target: 'retained',
            actions: assign({
              retainedUntil: ({ event }) => retentionRunning(event.error)?.retainedUntil ?? null,
            }),
          },
          { target: 'idle', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    forcing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'anonymise',
        src: 'anonymise',
        input: ({ context }) => ({ idAssure: context.idAssure, force: true }),
        onDone: {
          target: 'done',
          actions: assign({ anonymisedAt: ({ event }) => event.output.anonymisedAt, retainedUntil: null }),
        },
        onError: {
          target: 'retained',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
  },
});
