/** Commission insight (docs/insight.md): the dashboard and a statement's changes. */
import { Schema } from 'effect';
import { Dashboard } from '../domain/dashboard.ts';
import { StatementChanges } from '../domain/statementChanges.ts';
import { endpoint } from './endpoint.ts';

/** A statement id in the path: at most 15 digits (anything else is the unknown statement's 404). */
const StatementId = Schema.compose(
  Schema.String.pipe(Schema.pattern(/^\d{1,15}$/)),
  Schema.NumberFromString,
).annotations({ jsonSchema: { type: 'integer', minimum: 0, description: 'the statement' } });

export const insight = {
  dashboard: endpoint({
    id: 'getDashboard',
    group: 'Insight',
    method: 'GET',
    path: '/api/dashboard',
    summary: "The home page's figures, within the caller's scope",
    description: [
      'Commissions paid and forecast per statement month (12 months ending with next month), the clawback (REP lines) balance over the same statements with the policies behind it, unpaid (IMP), formal notice (MED) and litigation (CTX) events of the last 30 days, policies in force, with an effective date this month and terminated this month.',
      'Commission parts need `commissions.read`, policy counts `portfolio.read`; a part the caller may not see is null. A wholesaler also gets `brokers`: every broker of its scope ranked by amount paid (else policies in force), the top ten listed.',
    ].join('\n\n'),
    access: 'dashboard.read',
    success: {
      status: 200,
      description: 'the dashboard',
      schema: Dashboard.annotations({ identifier: 'Dashboard' }),
    },
  }),
  changes: endpoint({
    id: 'getStatementChanges',
    group: 'Insight',
    method: 'GET',
    path: '/api/commissions/{idBordereau}/changes',
    summary: 'What changed from the previous statement, per commission type and per cause',
    description: [
      "Compares the statement with the same broker's latest statement before it (or `from`). Causes from the movement type: ESC new business; REC and LIN renewals; REP clawbacks (cancellations within the first year); any other type adjustments; and the solde précédent carried from a negative statement.",
      'The causes add up to `difference`, the two totals apart (`unexplained` is 0 on consistent statements). Each figure lists its lines through `GET /api/mouvements/{idBordereau}?typeMouvement.in=…`.',
    ].join('\n\n'),
    access: 'commissions.read',
    objectName: 'commission',
    params: Schema.Struct({ idBordereau: StatementId }),
    // Read by the handler: empty is absent, anything but a statement id is a field error.
    query: Schema.Struct({
      from: Schema.optional(
        Schema.String.annotations({
          description: 'a statement of the same broker to compare with (default: the one before); else 400',
        }),
      ),
    }),
    success: {
      status: 200,
      description: 'the changes',
      schema: StatementChanges.annotations({ identifier: 'StatementChanges' }),
    },
    errors: ['BadRequest', 'NotFound'],
  }),
};
