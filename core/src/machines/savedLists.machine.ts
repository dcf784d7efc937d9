import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { SavedFilter, SavedFilterInput } from '../domain/savedFilter.ts';
import type { MessageRef } from '../i18n/message.ts';

export interface SavedListsContext {
  /** The list's name (`police`, `police-assure`, …). */
  readonly list: string;
  /** Null until the first load answered. */
  readonly items: readonly SavedFilter[] | null;
  readonly error: MessageRef | null;
  /** Writes that succeeded so far: a form closes when it moves. */
  readonly written: number;
  /** The write in progress (or last tried). */
  readonly pending: SavedListsWrite | null;
}

/** A change to the saved lists, as the `write` actor performs it. */
export type SavedListsWrite =
  | { readonly kind: 'create'; readonly input: SavedFilterInput }
  | { readonly kind: 'update'; readonly input: SavedFilterInput & { readonly id: number } }
  | { readonly kind: 'delete'; readonly id: number };

export type SavedListsEvent =
  | { type: 'save'; name: string; query: string; isDefault: boolean }
  | { type: 'rename'; id: number; name: string }
  | { type: 'default.toggle'; id: number }
  | { type: 'delete'; id: number }
  | { type: 'error.dismiss' }
  | { type: 'retry' };

const updated = (
  context: SavedListsContext,
  id: number,
  change: Partial<SavedFilterInput>,
): SavedListsWrite | null => {
  const item = context.items?.find((f) => f.id === id);
  if (item === undefined) return null;
  const { id: _id, name, list, query, isDefault } = item;
  return { kind: 'update', input: { id, name, list, query, isDefault, ...change } };
};

/**
 * One list's saved lists (docs/insight.md): `loading` the user's saved lists of that list, then
 * `ready`; `save`, `rename`, `default.toggle` and `delete` go through `writing` (tag `busy`) and
 * load them again; a refused write comes back to `ready` with its message, the items kept. A
 * failed load is `failure` (tag `error`, `retry`). Runtimes provide `loadSaved` and `write`.
 */
export const savedListsMachine = setup({
  types: {
    context: {} as SavedListsContext,
    events: {} as SavedListsEvent,
    input: {} as { readonly list: string },
  },
  actors: {
    loadSaved: fromPromise<readonly SavedFilter[], string>(() =>
      Promise.reject(new Error('loadSaved not provided')),
    ),
    write: fromPromise<void, SavedListsWrite>(() => Promise.reject(new Error('write not provided'))),
  },
  guards: {
    known: ({ context, event }) =>
      'id' in event && (context.items ?? []).some((item) => item.id === event.id),
  },
}).createMachine({
  id: 'savedLists',
  context: ({ input }) => ({ list: input.list, items: null, error: null, written: 0, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSaved',
        src: 'loadSaved',
        input: ({ context }) => context.list,
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failure: { tags: ['error'], on: { retry: 'loading' } },
    ready: {
      on: {
        save: {
          target: 'writing',
          actions: assign({
            error: null,
            pending: ({ context, event }) => ({
              kind: 'create',
              input: { name: event.name, list: context.list, query: event.query, isDefault: event.isDefault },
            }),
          }),
        },
        rename: {
          guard: 'known',
          target: 'writing',
          actions: assign({
            error: null,
            pending: ({ context, event }) => updated(context, event.id, { name: event.name }),
          }),
        },
        'default.toggle': {
          guard: 'known',
          target: 'writing',
          actions: assign({
            error: null,
            pending: ({ context, event }) =>
              updated(context, event.id, {
                isDefault: !(context.items ?? []).find((f) => f.id === event.id)?.isDefault,
              }),
          }),
        },
        delete: {
          guard: 'known',
          target: 'writing',
          actions: assign({ error: null, pending: ({ event }) => ({ kind: 'delete', id: event.id }) }),
        },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    writing: {
      tags: ['busy'],
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: assign({ written: ({ context }) => context.written + 1 }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
