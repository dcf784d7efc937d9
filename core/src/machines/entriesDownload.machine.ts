import { assign, fromPromise, setup } from 'xstate';
import type { EntriesRequest } from '../api/entriesApi.ts';
import { failureMessage } from '../api/errorMessage.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface EntriesDownloadContext {
  readonly request: EntriesRequest | null;
  readonly error: MessageRef | null;
}

export type EntriesDownloadEvent = { type: 'download'; request: EntriesRequest } | { type: 'dismiss' };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The form's own refusal before any request: two months, the first not after the last. */
const invalid = ({ from, to }: EntriesRequest): MessageRef | null =>
  !MONTH.test(from) || !MONTH.test(to) || from > to ? message('commission.entries.badPeriod') : null;

/**
 * The statement list's "entries for the books" (docs/integrations.md): a period and a format,
 * then the file saved by the runtime's `downloadEntries`; a refusal or failure says why and the
 * form stays as it was.
 */
export const entriesDownloadMachine = setup({
  types: { context: {} as EntriesDownloadContext, events: {} as EntriesDownloadEvent },
  actors: {
    downloadEntries: fromPromise<void, EntriesRequest>(() =>
      Promise.reject(new Error('downloadEntries not provided')),
    ),
  },
  guards: {
    invalid: (_, params: { request: EntriesRequest }) => invalid(params.request) !== null,
  },
}).createMachine({
  id: 'entriesDownload',
  context: { request: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        download: [
          {
            guard: { type: 'invalid', params: ({ event }) => ({ request: event.request }) },
            actions: assign({ error: ({ event }) => invalid(event.request) }),
          },
          { target: 'downloading', actions: assign({ request: ({ event }) => event.request, error: null }) },
        ],
        dismiss: { actions: assign({ error: null }) },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadEntries',
        src: 'downloadEntries',
        input: ({ context }) => context.request!,
        onDone: { target: 'idle' },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
