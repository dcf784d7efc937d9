import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../api/download.ts';
import { failureMessage } from '../api/errorMessage.ts';
import type { FilterValue, ListQuery } from '../api/listParams.ts';
import type { Page, SortOrder } from '../api/paging.ts';
import type { MessageRef } from '../i18n/message.ts';
import { FILTER_DEBOUNCE_MS, type ListSpec } from '../lists/listSpecs.ts';

export interface ListQueryContext {
  readonly spec: ListSpec;
  readonly query: ListQuery;
  /** Visible columns, in order (the column chooser 'Informations'). */
  readonly columns: readonly string[];
  readonly page: Page<unknown> | null;
  readonly error: MessageRef | null;
  readonly exportError: MessageRef | null;
  /** Name of the last exported file. */
  readonly exported: string | null;
}

export type ListQueryEvent =
  | { type: 'filter.change'; field: string; value: FilterValue | null }
  | { type: 'search.change'; q: string }
  | { type: 'preset.change'; preset: string | null }
  | { type: 'filters.clear' }
  | { type: 'sort.change'; sort: readonly SortOrder[] }
  | { type: 'page.change'; page: number }
  | { type: 'size.change'; size: number }
  | { type: 'columns.change'; columns: readonly string[] }
  /** The whole state at once: the address changed under the list (Back, Forward, a link). */
  | { type: 'address.change'; query: ListQuery; columns: readonly string[] }
  | { type: 'reload' }
  | { type: 'export.request' }
  | { type: 'export.dismiss' };

export interface ListQueryInput {
  readonly spec: ListSpec;
  /** Restores a position (a route's `page`, `sort`; the statement list's `first`). */
  readonly query?: Partial<ListQuery>;
  readonly columns?: readonly string[];
}

const toMessage = failureMessage;

const freshQuery = (spec: ListSpec): ListQuery => ({
  filters: spec.defaultFilters,
  q: '',
  preset: null,
  sort: spec.defaultSort,
  page: 0,
  size: spec.pageSize,
});

/**
 * One list screen's query and rows (policies, insured persons, statements, statement lines,
 * timeline). Text filters and the global search wait 50 ms for the typing to stop; presets,
 * 'Effacer filtres', sort, page, size and a new address (`address.change`) load at once. A new load cancels the one in flight, so
 * a stale response never overwrites a newer one.
 *
 * Regions: `data` (`debouncing`, `loading`, `ready`, `failure`) and `export` (`idle`,
 * `exporting`, `failed`). Tags: `loading`, `error`, `exporting`, `exportError`.
 * Runtimes provide `fetchPage` (input: the `ListQuery`, output: a `Page`) and `exportList`
 * (input: the selection and visible columns; output: the downloaded file, which the runtime saves).
 */
export const listQueryMachine = setup({
  types: {
    context: {} as ListQueryContext,
    events: {} as ListQueryEvent,
    input: {} as ListQueryInput,
  },
  actors: {
    fetchPage: fromPromise<Page<unknown>, ListQuery>(() =>
      Promise.reject(new Error('fetchPage not provided')),
    ),
    exportList: fromPromise<
      DownloadedFile,
      { query: Omit<ListQuery, 'page' | 'size'>; columns: readonly string[] }
    >(() => Promise.reject(new Error('exportList not provided'))),
  },
  actions: {
    setQuery: assign({
      query: ({ context, event }) => {
        const q = context.query;
        switch (event.type) {
          case 'filter.change': {
            const { [event.field]: _old, ...rest } = q.filters;
            return {
              ...q,
              page: 0,
              filters: event.value === null ? rest : { ...rest, [event.field]: event.value },
            };
          }
          case 'search.change':
            return { ...q, page: 0, q: event.q };
          case 'preset.change':
            return {
              ...q,
              page: 0,
              preset: event.preset,
              sort:
                (event.preset === null ? undefined : context.spec.presets[event.preset]?.sort) ??
                context.spec.defaultSort,
            };
          case 'filters.clear':
            return freshQuery(context.spec);
          case 'sort.change':
            return { ...q, sort: event.sort.length === 0 ? context.spec.defaultSort : event.sort };
          case 'page.change':
            return { ...q, page: Math.max(0, event.page) };
          case 'size.change':
            return { ...q, page: 0, size: event.size };
          default:
            return q;
        }
      },
    }),
  },
}).createMachine({
  id: 'listQuery',
  type: 'parallel',
  context: ({ input }) => ({
    spec: input.spec,
    query: { ...freshQuery(input.spec), ...(input.query ?? {}) },
    columns: input.columns ?? input.spec.defaultColumns,
    page: null,
    error: null,
    exportError: null,
    exported: null,
  }),
  on: {
    'columns.change': { actions: assign({ columns: ({ event }) => event.columns }) },
  },
  states: {
    data: {
      initial: 'loading',
      on: {
        'filter.change': { target: '.debouncing', reenter: true, actions: 'setQuery' },
        'search.change': { target: '.debouncing', reenter: true, actions: 'setQuery' },
        'preset.change': { target: '.loading', reenter: true, actions: 'setQuery' },
        'filters.clear': { target: '.loading', reenter: true, actions: 'setQuery' },
        'sort.change': { target: '.loading', reenter: true, actions: 'setQuery' },
        'page.change': { target: '.loading', reenter: true, actions: 'setQuery' },
        'size.change': { target: '.loading', reenter: true, actions: 'setQuery' },
        'address.change': {
          target: '.loading',
          reenter: true,
          actions: assign({ query: ({ event }) => event.query, columns: ({ event }) => event.columns }),
        },
        reload: { target: '.loading', reenter: true },
      },
      states: {
        debouncing: {
          tags: ['loading'],
          after: { [FILTER_DEBOUNCE_MS]: 'loading' },
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
            onError: { target: 'failure', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
          },
        },
        ready: {},
        failure: { tags: ['error'] },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'export.request': 'exporting' } },
        exporting: {
          tags: ['exporting'],
          entry: assign({ exportError: null }),
          invoke: {
            id: 'exportList',
            src: 'exportList',
            input: ({ context }) => {
              const { page: _page, size: _size, ...selection } = context.query;
              return { query: selection, columns: context.columns };
            },
            onDone: { target: 'idle', actions: assign({ exported: ({ event }) => event.output.fileName }) },
            onError: {
              target: 'failed',
              actions: assign({ exportError: ({ event }) => toMessage(event.error) }),
            },
          },
        },
        failed: {
          tags: ['exportError'],
          on: { 'export.request': 'exporting', 'export.dismiss': 'idle' },
        },
      },
    },
  },
});
