/**
 * The insured person's rights (docs/security.md "Data protection"), under
 * `/api/police-assures/{idAssure}`: everything held about them, the recorded reveal of their whole
 * NIR, who looked at their file, and anonymisation on request.
 */
import { Schema } from 'effect';
import { AccessEvent, Anonymisation, PersonalData, RevealedNir } from '../domain/personalData.ts';
import { endpoint } from './endpoint.ts';

const common = { group: 'Insured persons', objectName: 'policeAssure' } as const;

/**
 * The person's key as the path carries it: the detail's own check reads it (a value that is no
 * key is the entity's 400 field error, as on the detail route), so any text is taken here.
 */
const byIdAssure = Schema.Struct({
  idAssure: Schema.String.annotations({
    jsonSchema: { type: 'integer', minimum: 0, description: 'insured person key' },
  }),
});

const base = '/api/police-assures/{idAssure}';

export const personalData = {
  download: endpoint({
    ...common,
    id: 'getPersonalData',
    method: 'GET',
    path: `${base}/personal-data`,
    summary: 'Everything held about one insured person (access and portability), as JSON or PDF',
    description:
      'Identity, contract, policy, events, the commission lines and the disputes (with their messages) naming them, with the caller’s row and column scope. Recorded in the access trail.',
    access: 'portfolio.read',
    params: byIdAssure,
    query: Schema.Struct({
      format: Schema.optional(
        Schema.Literal('json', 'pdf').annotations({ description: '`json` (default) or `pdf`' }),
      ),
    }),
    success: {
      status: 200,
      description: 'the data, as an attachment',
      schema: PersonalData.annotations({ identifier: 'PersonalData' }),
      headers: ['attachment'],
      fileName: 'donnees-personnelles-….json',
      files: ['application/pdf'],
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  revealNir: endpoint({
    ...common,
    id: 'revealNir',
    method: 'POST',
    path: `${base}/nir`,
    summary: 'The whole social security number (NIR), for the nir.reveal permission; recorded',
    access: ['nir.reveal', 'portfolio.read'],
    params: byIdAssure,
    success: { status: 200, description: 'the number', schema: RevealedNir },
    errors: ['BadRequest', 'NotFound'],
  }),
  accessLog: endpoint({
    ...common,
    id: 'getAccessLog',
    method: 'GET',
    path: `${base}/access-log`,
    summary: 'Who looked at this person’s file: views, reveals, exports, anonymisation; newest first',
    description: 'At most 1000 events; `X-Total-Count` gives them all. Views of their policy are included.',
    access: 'personalData.admin',
    params: byIdAssure,
    success: {
      status: 200,
      description: 'the events',
      schema: Schema.Array(AccessEvent.annotations({ identifier: 'AccessEvent' })),
      headers: ['total'],
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  anonymise: endpoint({
    ...common,
    id: 'anonymiseInsured',
    method: 'POST',
    path: `${base}/anonymise`,
    summary: 'Anonymise one insured person on request (idempotent)',
    description:
      'While retention runs the answer is 409 with `params.retainedUntil` (null while the contract runs) and nothing changes, unless the body says `{"force": true}`.',
    access: 'personalData.admin',
    params: byIdAssure,
    body: Schema.Struct({ force: Schema.optional(Schema.Boolean) }),
    strictBody: true,
    optionalBody: true,
    success: {
      status: 200,
      description: 'the state after the request',
      schema: Anonymisation.annotations({ identifier: 'Anonymisation' }),
    },
    errors: ['BadRequest', 'NotFound', 'Conflict'],
  }),
};
