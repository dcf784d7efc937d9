/** Commission insight (docs/insight.md): the dashboard, a statement's changes, saved lists. */
import { type Json, okJson, operation, pathParam, queryParam, ref } from './builders.ts';

const amount: Json = { type: 'number', description: 'euros, at most 2 decimals' };
const int: Json = { type: 'integer' };
const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });
const object = (properties: Record<string, Json>): Json => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

export const INSIGHT_SCHEMAS: Record<string, Json> = {
  Dashboard: object({
    today: { type: 'string', format: 'date' },
    month: { type: 'string', format: 'date', description: 'first day of the month in progress' },
    since: {
      type: 'string',
      format: 'date-time',
      description: 'events are counted from this instant (30 days)',
    },
    months: nullable({
      type: 'array',
      description: 'the 12 statement months ending with next month (the forecast); null without ROLE_COMPTA',
      items: object({ mois: { type: 'string', format: 'date' }, paid: amount, forecast: amount }),
    }),
    clawback: nullable(
      object({
        montant: amount,
        lines: int,
        policies: int,
        top: {
          type: 'array',
          items: object({
            idPolice: int,
            police: nullable({ type: 'string' }),
            nomprenom: nullable({ type: 'string' }),
            montant: amount,
            lines: int,
          }),
        },
      }),
    ),
    events: {
      type: 'array',
      items: object({
        type: { type: 'string', enum: ['IMP', 'MED', 'CTX'] },
        events: int,
        policies: int,
        idPolices: { type: 'array', items: int, description: 'at most 200, ascending' },
      }),
    },
    policies: nullable(object({ inForce: int, newThisMonth: int, terminatedThisMonth: int })),
    brokers: nullable(
      object({
        count: int,
        top: {
          type: 'array',
          items: object({
            codeCourtierPortail: { type: 'string' },
            courtier: nullable({ type: 'string' }),
            paid: nullable(amount),
            clawback: nullable(amount),
            events: int,
            inForce: nullable(int),
            newThisMonth: nullable(int),
            terminatedThisMonth: nullable(int),
          }),
        },
      }),
    ),
  }),
};

const figure = {
  current: amount,
  previous: amount,
  change: amount,
  currentLines: int,
  previousLines: int,
};
const statementHead = object({
  idBordereau: int,
  mois: { type: 'string', format: 'date' },
  codeCourtierPortail: nullable({ type: 'string' }),
  typeBordereau: nullable({ type: 'string' }),
  montant: amount,
  soldePrecedent: amount,
});

INSIGHT_SCHEMAS.StatementChanges = object({
  current: statementHead,
  previous: nullable(statementHead),
  difference: { ...amount, description: 'current total minus previous total' },
  unexplained: {
    ...amount,
    description:
      'difference minus the sum of the causes; 0 when each total is its lines plus its solde précédent',
  },
  byType: {
    type: 'array',
    items: object({
      typeMouvement: nullable({ type: 'string' }),
      libelleMouvement: nullable({ type: 'string' }),
      ...figure,
    }),
  },
  byCause: {
    type: 'array',
    items: object({
      cause: {
        type: 'string',
        enum: ['newBusiness', 'renewals', 'clawbacks', 'adjustments', 'carriedBalance'],
      },
      typeMouvements: {
        type: 'array',
        items: { type: 'string' },
        description: 'the lines behind it: `typeMouvement.in=`',
      },
      ...figure,
    }),
  },
});

export const INSIGHT_PATHS: Record<string, Json> = {
  '/api/commissions/{idBordereau}/changes': {
    get: operation({
      id: 'getStatementChanges',
      tag: 'Insight',
      summary: 'What changed from the previous statement, per commission type and per cause',
      roles: ['ROLE_ADMIN', 'ROLE_COMPTA'],
      description: [
        "Compares the statement with the same broker's latest statement before it (or `from`). Causes from the movement type: ESC new business; REC and LIN renewals; REP clawbacks (cancellations within the first year); any other type adjustments; and the solde précédent carried from a negative statement.",
        'The causes add up to `difference`, the two totals apart (`unexplained` is 0 on consistent statements). Each figure lists its lines through `GET /api/mouvements/{idBordereau}?typeMouvement.in=…`.',
      ].join('\n\n'),
      params: [
        pathParam('idBordereau', 'the statement'),
        queryParam(
          'from',
          'a statement of the same broker to compare with (default: the one before); else 400',
        ),
      ],
      ok: { 200: okJson('the changes', ref('StatementChanges')) },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  '/api/dashboard': {
    get: operation({
      id: 'getDashboard',
      tag: 'Insight',
      summary: "The home page's figures, within the caller's scope",
      roles: ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_PORTEFEUILLE'],
      description: [
        'Commissions paid and forecast per statement month (12 months ending with next month), the clawback (REP lines) balance over the same statements with the policies behind it, unpaid (IMP), formal notice (MED) and litigation (CTX) events of the last 30 days, policies in force, with an effective date this month and terminated this month.',
        'Commission parts need ROLE_COMPTA or ROLE_ADMIN, policy counts ROLE_PORTEFEUILLE or ROLE_ADMIN; a part the caller may not see is null. A wholesaler also gets `brokers`: every broker of its scope ranked by amount paid (else policies in force), the top ten listed.',
      ].join('\n\n'),
      ok: { 200: okJson('the dashboard', ref('Dashboard')) },
    }),
  },
};
