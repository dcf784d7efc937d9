/**
 * Entries for the books (docs/integrations.md "Entries for the books"); the accounting accounts
 * are on core's contract (contract/accounting.ts).
 */
import { PERMISSIONS } from '@extranet/core/permissions/table.ts';
import { type Json, operation, queryParam } from './builders.ts';

const str = (extra: Json = {}): Json => ({ type: 'string', ...extra });
const month = (what: string) =>
  queryParam(what, `${what} month, YYYY-MM (inclusive)`, str({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }));

export const ENTRIES_PATHS: Record<string, Json> = {
  '/api/commissions/entries': {
    get: operation({
      id: 'getCommissionEntries',
      tag: 'Statements',
      summary: "The period's statements as accounting entries: FEC (article A47 A-1 LPF) or its CSV variant",
      roles: [...PERMISSIONS['commissions.read']],
      description:
        "Also needs ROLE_EXPORT (a personal access token: `read+export`). One entry per statement in the caller's scope whose month is in the period, forecasts excluded, balanced to the cent: the receivable debited with the total (credited when negative), income credited with the recap's positive lines, clawbacks debited with its negative ones (what the recap leaves unexplained goes to income or clawbacks). `fec`: the 18 columns, tab-separated, CRLF, UTF-8, dates YYYYMMDD, decimal comma. `csv`: the same cells, `;`, BOM. 400 when `from` is after `to`.",
      params: [
        month('from'),
        month('to'),
        queryParam('format', '`fec` (default) or `csv`', str({ enum: ['fec', 'csv'], default: 'fec' })),
      ],
      ok: {
        200: {
          description: 'the entries, as an attachment `ecritures-<from>-<to>.txt` (or `.csv`)',
          content: {
            'text/plain; charset=utf-8': { schema: str() },
            'text/csv; charset=utf-8': { schema: str() },
          },
        },
      },
      errors: ['BadRequest'],
    }),
  },
};
