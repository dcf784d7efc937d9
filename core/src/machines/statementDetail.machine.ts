import { assign, fromPromise, setup } from 'xstate';
import { type LoadFailure, loadFailure } from '../api/loadFailure.ts';
import type { IdBordereau, IdPolice } from '../domain/ids.ts';
import type { CommissionStatement, RecapLine } from '../domain/statement.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface StatementDetailContext {
  readonly idBordereau: IdBordereau;
  /** The statement list's first row index when the user left it (`first` query param). */
  readonly first: number | null;
  /** ROLE_PORTEFEUILLE: the 'Fiche Client' tab and the row eye buttons. */
  readonly canSeeClient: boolean;
  /** Open on the lines tab (their address names it: docs/insight.md "Saved lists"). */
  readonly opensLines: boolean;
  readonly statement: CommissionStatement | null;
  readonly recap: readonly RecapLine[];
  /** The policy shown in tab 2. */
  readonly idPolice: IdPolice | null;
  /** Why the statement did not load (a missing one offers a way back, not a retry). */
  readonly error: LoadFailure | null;
  readonly pdfError: MessageRef | null;
}

export type StatementDetailEvent =
  | { type: 'tab.select'; index: 0 | 1 | 2 }
  | { type: 'lines.show' }
  | { type: 'client.open'; idPolice: IdPolice }
  | { type: 'back' }
  | { type: 'list.back' }
  | { type: 'pdf.download' }
  | { type: 'pdf.dismiss' }
  | { type: 'retry' };

interface Loaded {
  readonly statement: CommissionStatement;
  readonly recap: readonly RecapLine[];
}

export interface StatementDetailInput {
  readonly idBordereau: IdBordereau;
  readonly first?: number | null;
  readonly canSeeClient: boolean;
  /** Open on the lines tab (its address is the screen's: a reload, a figure of the changes, a shared list). */
  readonly opensLines?: boolean;
  /** Open on this policy's client tab, over the lines (its address: a reload of the client tab). */
  readonly opensClient?: IdPolice | null;
}

/** The 'Retour liste' target: the statement list at the page the user left (docs/product.md §2). */
export const statementListUrl = (first: number | null): string =>
  first === null ? '/commission' : `/commission?first=${first}`;

/**
 * Statement detail (docs/product.md §2 "Statement detail"): loads the statement and its recap, then tabs
 * `summary` (0, 'Votre bordereau'), `lines` (1, 'Détail des commissions'), `client` (2, 'Fiche
 * Client', ROLE_PORTEFEUILLE only), the lines first when the input says so (an address of the
 * lines: a figure of docs/insight.md's changes, a reload, a saved list). 'Afficher détail' goes 0→1, the row eye button 1→2, 'Retour'
 * 2→1 and 1→0; 'Retour liste' calls the `navigate` action with the list URL keeping `first`.
 * The PDF region: `idle`, `downloading` (tag `pdfBusy`: button disabled), `failed` (message).
 * Runtimes provide `loadStatement` (output `{statement, recap}`), `downloadPdf` (saves the
 * file) and the `navigate` action.
 */
export const statementDetailMachine = setup({
  types: {
    context: {} as StatementDetailContext,
    events: {} as StatementDetailEvent,
    input: {} as StatementDetailInput,
  },
  actors: {
    loadStatement: fromPromise<Loaded, IdBordereau>(() =>
      Promise.reject(new Error('loadStatement not provided')),
    ),
    downloadPdf: fromPromise<void, IdBordereau>(() => Promise.reject(new Error('downloadPdf not provided'))),
  },
  actions: {
    navigate: (_, _params: { url: string }) => {},
    loaded: assign((_, params: Loaded) => ({
      statement: params.statement,
      recap: [...params.recap].sort((a, b) => a.ordre - b.ordre),
      error: null,
    })),
  },
  guards: {
    canSeeClient: ({ context }) => context.canSeeClient,
    opensLines: ({ context }) => context.opensLines,
    opensClient: ({ context }) => context.opensLines && context.canSeeClient && context.idPolice !== null,
    hasPdf: ({ context }) => (context.statement?.fichierBordereau ?? '') !== '',
    clientTab: ({ context, event }) =>
      event.type === 'tab.select' && event.index === 2 && context.canSeeClient && context.idPolice !== null,
    tabIs: ({ event }, params: { index: number }) =>
      event.type === 'tab.select' && event.index === params.index,
  },
}).createMachine({
  id: 'statementDetail',
  context: ({ input }) => ({
    idBordereau: input.idBordereau,
    first: input.first ?? null,
    canSeeClient: input.canSeeClient,
    opensLines: input.opensLines ?? false,
    statement: null,
    recap: [],
    idPolice: input.opensClient ?? null,
    error: null,
    pdfError: null,
  }),
  initial: 'loading',
  on: {
    'list.back': {
      actions: { type: 'navigate', params: ({ context }) => ({ url: statementListUrl(context.first) }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatement',
        src: 'loadStatement',
        input: ({ context }) => context.idBordereau,
        onDone: [
          {
            guard: 'opensClient',
            target: 'ready.tab.client',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
          {
            guard: 'opensLines',
            target: 'ready.tab.lines',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'loaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failure', actions: assign({ error: ({ event }) => loadFailure(event.error) }) },
      },
    },
    failure: { tags: ['error'], on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        tab: {
          initial: 'summary',
          states: {
            summary: {
              tags: ['tab0'],
              on: {
                'lines.show': 'lines',
                'tab.select': [
                  { guard: { type: 'tabIs', params: { index: 1 } }, target: 'lines' },
                  // The client tab needs a policy: reachable once one was opened from the lines.
                  { guard: 'clientTab', target: 'client' },
                ],
              },
            },
            lines: {
              tags: ['tab1'],
              on: {
                back: 'summary',
                'tab.select': [
                  { guard: { type: 'tabIs', params: { index: 0 } }, target: 'summary' },
                  { guard: 'clientTab', target: 'client' },
                ],
                'client.open': {
                  guard: 'canSeeClient',
                  target: 'client',
                  actions: assign({ idPolice: ({ event }) => event.idPolice }),
                },
              },
            },
            client: {
              tags: ['tab2'],
              on: {
                back: 'lines',
                'tab.select': [
                  { guard: { type: 'tabIs', params: { index: 0 } }, target: 'summary' },
                  { guard: { type: 'tabIs', params: { index: 1 } }, target: 'lines' },
                ],
              },
            },
          },
        },
        pdf: {
          initial: 'idle',
          states: {
            idle: { on: { 'pdf.download': { guard: 'hasPdf', target: 'downloading' } } },
            downloading: {
              tags: ['pdfBusy'],
              entry: assign({ pdfError: null }),
              invoke: {
                id: 'downloadPdf',
                src: 'downloadPdf',
                input: ({ context }) => context.idBordereau,
                onDone: 'idle',
                onError: {
                  target: 'failed',
                  actions: assign({ pdfError: message('commission.messages.downloadError') }),
                },
              },
            },
            failed: {
              tags: ['pdfError'],
              on: { 'pdf.download': 'downloading', 'pdf.dismiss': 'idle' },
            },
          },
        },
      },
    },
  },
});

/** The selected tab index (0, 1, 2) of a snapshot's tags, for tab widgets. */
export const tabIndex = (snapshot: { hasTag(tag: string): boolean }): 0 | 1 | 2 =>
  snapshot.hasTag('tab2') ? 2 : snapshot.hasTag('tab1') ? 1 : 0;
