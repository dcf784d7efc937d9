import { assign, fromPromise, setup } from 'xstate';
import { type LoadFailure, loadFailure } from '../api/loadFailure.ts';
import type { CommissionStatement } from '../domain/statement.ts';
import type { StatementChanges } from '../domain/statementChanges.ts';

export interface StatementChangesContext {
  readonly idBordereau: number;
  /** The statement compared with; null: the same broker's latest before this one. */
  readonly from: number | null;
  readonly changes: StatementChanges | null;
  /** The broker's other statements one may compare with, latest first (loaded once). */
  readonly candidates: readonly CommissionStatement[] | null;
  readonly error: LoadFailure | null;
}

export type StatementChangesEvent = { type: 'from.change'; from: number | null } | { type: 'retry' };

export interface LoadChangesInput {
  readonly idBordereau: number;
  readonly from: number | null;
  /** Whether the candidates still need loading (the first load only). */
  readonly withCandidates: boolean;
}

export interface LoadChangesOutput {
  readonly changes: StatementChanges;
  /** Null when not asked for. */
  readonly candidates: readonly CommissionStatement[] | null;
}

/**
 * "What changed since the previous statement" on the statement detail (docs/insight.md):
 * `loading` (tag `loading`; the figures already shown stay, marked busy), `ready`, `failure`
 * (tag `error`, `retry`). `from.change` compares with another statement (null: the previous
 * one) and loads again, cancelling a load in flight. Runtimes provide `loadChanges`.
 */
export const statementChangesMachine = setup({
  types: {
    context: {} as StatementChangesContext,
    events: {} as StatementChangesEvent,
    input: {} as { readonly idBordereau: number; readonly from?: number | null },
  },
  actors: {
    loadChanges: fromPromise<LoadChangesOutput, LoadChangesInput>(() =>
      Promise.reject(new Error('loadChanges not provided')),
    ),
  },
  actions: {
    setFrom: assign({ from: ({ event }) => (event.type === 'from.change' ? event.from : null) }),
  },
}).createMachine({
  id: 'statementChanges',
  context: ({ input }) => ({
    idBordereau: input.idBordereau,
    from: input.from ?? null,
    changes: null,
    candidates: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'from.change': { target: '.loading', reenter: true, actions: 'setFrom' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadChanges',
        src: 'loadChanges',
        input: ({ context }) => ({
          idBordereau: context.idBordereau,
          from: context.from,
          withCandidates: context.candidates === null,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            changes: ({ event }) => event.output.changes,
            candidates: ({ context, event }) => event.output.candidates ?? context.candidates,
            error: null,
          }),
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => loadFailure(event.error) }) },
      },
    },
    ready: { tags: ['ready'] },
    failure: { tags: ['error'], on: { retry: 'loading' } },
  },
});
