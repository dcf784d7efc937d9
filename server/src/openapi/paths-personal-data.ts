import { PERMISSIONS, type Permission } from '@extranet/core/permissions/table.ts';
/** Data protection (docs/security.md "Data protection"): the insured person's rights and who saw whom. */
import {
  arrayOf,
  header,
  type Json,
  jsonContent,
  okJson,
  operation,
  pathParam,
  queryParam,
  ref,
} from './builders.ts';

const roles = (permission: Permission) => [...PERMISSIONS[permission]];
const PORTFOLIO = roles('portfolio.read');
const idAssure = pathParam('idAssure', 'insured person key', { type: 'integer', minimum: 0 });
const row: Json = { type: 'object', description: 'a row as the detail route answers it' };
const date: Json = { type: ['string', 'null'], format: 'date' };
const object = (properties: Record<string, Json>): Json => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

export const PERSONAL_DATA_SCHEMAS: Record<string, Json> = {
  PersonalData: object({
    generatedAt: { type: 'string', format: 'date-time' },
    insured: { ...row, description: 'the insured person (the NIR whole for nir.reveal, else masked)' },
    policy: { type: ['object', 'null'], description: 'their policy, as its detail answers it' },
    events: arrayOf({ ...row, description: 'policy events about them or their policy, oldest first' }),
    commissionLines: {
      type: ['array', 'null'],
      items: row,
      description: 'commission lines naming them; null without commissions.read',
    },
  }),
  AccessEvent: object({
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    login: { type: 'string', description: '`retention` for the retention job' },
    kind: { type: 'string', enum: ['detail', 'nir_reveal', 'export', 'personal_data_export', 'anonymise'] },
    idAssure: { type: ['integer', 'null'], description: 'null for a view of their policy' },
    idPolice: { type: ['integer', 'null'] },
    ip: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
  }),
  Anonymisation: object({
    idAssure: { type: 'integer' },
    anonymised: { type: 'boolean', description: 'false when an earlier request or the job had done it' },
    anonymisedAt: { type: ['string', 'null'], format: 'date-time' },
    retainedUntil: { ...date, description: 'end of the retention period; null while the contract runs' },
  }),
};

const base = '/api/police-assures/{idAssure}';

export const PERSONAL_DATA_PATHS: Record<string, Json> = {
  [`${base}/personal-data`]: {
    get: operation({
      id: 'getPersonalData',
      tag: 'Insured persons',
      summary: 'Everything held about one insured person (access and portability), as JSON or PDF',
      roles: PORTFOLIO,
      description:
        'Identity, contract, policy, events and the commission lines naming them, with the caller’s row and column scope. Recorded in the access trail.',
      params: [
        idAssure,
        queryParam('format', '`json` (default) or `pdf`', { type: 'string', enum: ['json', 'pdf'] }),
      ],
      ok: {
        200: {
          description: 'the data, as an attachment',
          headers: { 'Content-Disposition': header('attachment; filename="donnees-personnelles-….json"') },
          content: {
            ...jsonContent(ref('PersonalData')),
            'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
          },
        },
      },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  [`${base}/nir`]: {
    post: operation({
      id: 'revealNir',
      tag: 'Insured persons',
      summary: 'The whole social security number (NIR), for the nir.reveal permission; recorded',
      roles: roles('nir.reveal'),
      description: 'Also needs one of the roles of `portfolio.read`.',
      params: [idAssure],
      ok: {
        200: okJson(
          'the number',
          object({ idAssure: { type: 'integer' }, numeroSecu: { type: ['string', 'null'] } }),
        ),
      },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  [`${base}/access-log`]: {
    get: operation({
      id: 'getAccessLog',
      tag: 'Insured persons',
      summary: 'Who looked at this person’s file: views, reveals, exports, anonymisation; newest first',
      roles: roles('personalData.admin'),
      description: 'At most 1000 events; `X-Total-Count` gives them all. Views of their policy are included.',
      params: [idAssure],
      ok: {
        200: okJson('the events', arrayOf(ref('AccessEvent')), {
          'X-Total-Count': header('events in all', { type: 'integer' }),
        }),
      },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  [`${base}/anonymise`]: {
    post: operation({
      id: 'anonymiseInsured',
      tag: 'Insured persons',
      summary: 'Anonymise one insured person on request (idempotent)',
      roles: roles('personalData.admin'),
      description:
        'While retention runs the answer is 409 with `params.retainedUntil` (null while the contract runs) and nothing changes, unless the body says `{"force": true}`.',
      params: [idAssure],
      body: {
        required: false,
        content: jsonContent(object({ force: { type: 'boolean' } })),
      },
      ok: { 200: okJson('the state after the request', ref('Anonymisation')) },
      errors: ['BadRequest', 'NotFound'],
      extraResponses: {
        409: {
          description: 'retention still runs: `params.retainedUntil` says until when; nothing changed',
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
      },
    }),
  },
};
