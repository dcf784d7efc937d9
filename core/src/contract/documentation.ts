/** The API's own description: the OpenAPI document, public like JHipster's (no secret is in it). */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';

export const documentation = {
  apiDocs: endpoint({
    id: 'apiDocs',
    group: 'Documentation',
    method: 'GET',
    path: '/v3/api-docs',
    summary: 'This OpenAPI 3.1 document',
    access: 'public',
    success: {
      status: 200,
      description: 'the document',
      schema: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
        jsonSchema: { type: 'object' },
      }),
    },
  }),
};
