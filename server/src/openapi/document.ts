/**
 * The OpenAPI 3.1 document of the whole API, served at `GET /v3/api-docs` (as JHipster does) and
 * rendered to docs/api.md by `npm run docs:api`. The groups of core's contract are written from
 * it (contract-paths.ts), every endpoint now. A test compares its paths with the routes Fastify
 * actually registered, so neither can change without the other.
 */
import { CONTRACT, type Contract } from '@extranet/core/contract/contract.ts';
import { ProblemAnswer } from '@extranet/core/contract/problem.ts';
import { documentSchema } from '../contract/json-schema.ts';
import { type ErrorName, type Json, ref } from './builders.ts';
import { contractPaths } from './contract-paths.ts';

const problem = (status: number, description: string, headers?: Json): Json => ({
  description,
  'x-status': status,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: ref('Problem') } },
});

const RESPONSES: Record<ErrorName, Json> = {
  BadRequest: problem(
    400,
    'Bad input: constraint-violation with fieldErrors, or a coded problem type (see the operation); a NUL character in any query, path or body text of any route; a request that is not valid HTTP (and 431 for headers too large)',
  ),
  Unauthorized: problem(
    401,
    'No token, or an invalid or expired one, or one a password change or reset, a deactivation or a deletion ended; also for any unknown path under /api and /management',
  ),
  Forbidden: problem(403, 'A required role is missing'),
  NotFound: problem(404, "Unknown key, or a row outside the caller's scope"),
  Conflict: problem(
    409,
    "The row's state refuses the request (the operation says which, and its `params`); nothing changed",
  ),
  TooManyRequests: problem(429, 'Rate limited', {
    'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } },
  }),
  InternalError: problem(500, 'Unexpected error (no trace is ever sent), or a mail that could not be sent'),
  BadGateway: problem(502, 'A service behind the server (mail server, portal directory) refused or failed'),
  ServiceUnavailable: problem(503, 'A service behind the server is unavailable', {
    'Retry-After': {
      description: 'seconds until the server tries again, when it will',
      schema: { type: 'integer' },
    },
  }),
  InsufficientStorage: problem(507, 'The server is out of storage space: nothing was done, nothing kept'),
};

const TAGS = [
  ['Account', 'Sign-in, registration, activation, password and settings'],
  ['Users', 'Users administration (ROLE_ADMIN)'],
  ['Policies', 'Policies (`police`)'],
  ['Insured persons', 'Insured persons (`police-assure`)'],
  ['Statements', 'Commission statements (`bordereaux`)'],
  ['Movements', 'Commission movements'],
  ['Timeline', 'Timeline of policy events'],
  ['Anomalies', 'Reconciliation anomalies: expected commission against received (docs/reconciliation.md)'],
  ['Disputes', "Disputes a broker raises with the insurer's back office (docs/disputes.md)"],
  ['Messages', 'Message to after-sales with attachments'],
  ['Insight', 'Dashboard, statement changes and saved lists'],
  ['Integrations', "Webhooks: events sent, signed, to a broker's own tools (docs/integrations.md)"],
  ['Import', 'Back-office data import (ROLE_ADMIN)'],
  ['Management', 'Health, metrics, logs, audits, dump'],
  ['Documentation', 'This document'],
] as const;

/** The document; `contract` is core's unless a test passes a copy with an endpoint added. */
export function openApiDocument(version = '1.0.3', contract: Contract = CONTRACT): Json {
  const declared = contractPaths(contract);
  // The problem body every problem answer names, from core's declaration like every other schema.
  const problemSchemas: Record<string, Json> = {};
  documentSchema(ProblemAnswer, problemSchemas);
  const paths: Record<string, Json> = { ...declared.paths };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Broker extranet API',
      version,
      description:
        "JHipster-compatible API of the broker extranet (docs/product.md §7, docs/design.md §5). Every error is `application/problem+json`. Lists take `page` (0-based), `size`, repeated `sort`, filters `<field>.<op>=`, `q` and `preset`, and answer `X-Total-Count` and `Link`. Rows outside the caller's scope are 404. Every answer of the API (JSON, PDF, CSV, errors) carries `Cache-Control: no-store`.",
    },
    servers: [{ url: '/' }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    security: [{ bearerAuth: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `id_token` of POST /api/authenticate (an HS512 JWT), or a personal access token (`ext_pat_…`, POST /api/account/tokens).',
        },
      },
      schemas: {
        ...problemSchemas,
        ...declared.schemas,
      },
      responses: RESPONSES,
    },
  };
}
