/** Entries for the books (docs/integrations.md "Entries for the books"): the period's statements as accounting entries. */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';

const Month = (which: string) =>
  Schema.String.pipe(Schema.pattern(/^[0-9]{4}-(0[1-9]|1[0-2])$/)).annotations({
    description: `${which} month, YYYY-MM (inclusive)`,
  });

export const entries = {
  download: endpoint({
    id: 'getCommissionEntries',
    group: 'Statements',
    method: 'GET',
    path: '/api/commissions/entries',
    summary: "The period's statements as accounting entries: FEC (article A47 A-1 LPF) or its CSV variant",
    description:
      "A personal access token needs `read+export`. One entry per statement in the caller's scope whose month is in the period, forecasts excluded, balanced to the cent: the receivable debited with the total (credited when negative), income credited with the recap's positive lines, clawbacks debited with its negative ones (what the recap leaves unexplained goes to income or clawbacks). `fec`: the 18 columns, tab-separated, CRLF, UTF-8, dates YYYYMMDD, decimal comma. `csv`: the same cells, `;`, BOM. 400 when `from` is after `to`.",
    access: ['commissions.read', 'export'],
    query: Schema.Struct({
      from: Month('first'),
      to: Month('last'),
      format: Schema.optional(
        Schema.Literal('fec', 'csv').annotations({ description: '`fec` (default) or `csv`' }),
      ),
    }),
    success: {
      status: 200,
      description: 'the entries, as an attachment `ecritures-<from>-<to>.txt` (or `.csv`)',
      headers: ['attachment'],
      fileName: 'ecritures-<from>-<to>.txt',
      text: ['text/plain; charset=utf-8', 'text/csv; charset=utf-8'],
    },
    errors: ['BadRequest'],
  }),
};
