import { Effect } from 'effect';
import { requestOf } from '../contract/client.ts';
import { entries } from '../contract/entries.ts';
import { downloadFile } from './download.ts';

/** What the accountant's entries are asked with (docs/integrations.md "Entries for the books"). */
export interface EntriesRequest {
  /** `YYYY-MM`, both included. */
  readonly from: string;
  readonly to: string;
  readonly format: 'fec' | 'csv';
}

/** `GET /api/commissions/entries`: the period's statements as accounting entries, as a file. */
export const entriesApi = {
  download: ({ from, to, format }: EntriesRequest) =>
    Effect.flatMap(requestOf(entries.download, { query: { from, to, format } }), (request) =>
      downloadFile({
        ...request,
        accept: format === 'csv' ? 'text/csv' : 'text/plain',
        fallbackName: `ecritures-${from}-${to}.${format === 'csv' ? 'csv' : 'txt'}`,
      }),
    ),
};
