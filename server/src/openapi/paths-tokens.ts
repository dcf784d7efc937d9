/** Personal access tokens (docs/integrations.md "Personal access tokens"). */
import {
  alertHeaders,
  arrayOf,
  type Json,
  jsonContent,
  okEmpty,
  okJson,
  operation,
  pathParam,
  ref,
} from './builders.ts';

const ADMIN = ['ROLE_ADMIN'];
const str = (extra: Json = {}): Json => ({ type: 'string', ...extra });

const tokenProperties: Record<string, Json> = {
  id: { type: 'integer' },
  name: str({ maxLength: 100 }),
  scope: str({ enum: ['read', 'read+export'], description: '`read+export` also opens the CSV exports' }),
  prefix: str({ description: 'the first characters of the token (`ext_pat_` and four more)' }),
  createdAt: str({ format: 'date-time' }),
  expiresAt: str({ format: 'date-time' }),
  lastUsedAt: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'to the minute; null if never used',
  },
};
const tokenRequired = Object.keys(tokenProperties);

export const TOKEN_SCHEMAS: Record<string, Json> = {
  PersonalToken: {
    type: 'object',
    additionalProperties: false,
    required: tokenRequired,
    properties: tokenProperties,
  },
  CreatedPersonalToken: {
    type: 'object',
    additionalProperties: false,
    required: [...tokenRequired, 'token'],
    properties: {
      ...tokenProperties,
      token: str({ pattern: '^ext_pat_[A-Za-z0-9_-]{43}$', description: 'the secret, shown this once' }),
    },
  },
};

export const TOKEN_PATHS: Record<string, Json> = {
  '/api/account/tokens': {
    get: operation({
      id: 'getTokens',
      tag: 'Account',
      summary: "The caller's personal access tokens (expired ones included), newest first",
      roles: 'signed-in',
      description: 'Closed to personal access tokens (403), as every account route.',
      ok: { 200: okJson('the tokens', arrayOf(ref('PersonalToken'))) },
    }),
    post: operation({
      id: 'createToken',
      tag: 'Account',
      summary: 'Create a personal access token: the answer holds the secret, which is never shown again',
      roles: 'signed-in',
      description:
        'A token reads only (GET): never account, token, user or administration routes; `read` is refused exports. Audited. At most 50 per account.',
      body: {
        content: jsonContent({
          type: 'object',
          required: ['name', 'scope', 'expiresInDays'],
          additionalProperties: false,
          properties: {
            name: str({ minLength: 1, maxLength: 100 }),
            scope: str({ enum: ['read', 'read+export'] }),
            expiresInDays: { type: 'integer', minimum: 1, maximum: 365 },
          },
        }),
      },
      ok: { 201: okJson('created', ref('CreatedPersonalToken'), alertHeaders('tokens.created')) },
      errors: ['BadRequest'],
    }),
  },
  '/api/account/tokens/{id}': {
    delete: operation({
      id: 'revokeToken',
      tag: 'Account',
      summary: "Revoke one of the caller's tokens: refused at its next request; another user's answers 404",
      roles: 'signed-in',
      params: [pathParam('id', 'token id', { type: 'integer' })],
      ok: { 204: okEmpty('revoked') },
      errors: ['NotFound'],
    }),
  },
  '/api/users/{login}/tokens': {
    get: operation({
      id: 'getUserTokens',
      tag: 'Users',
      summary: "A user's personal access tokens",
      roles: ADMIN,
      params: [pathParam('login', 'user login')],
      ok: { 200: okJson('the tokens', arrayOf(ref('PersonalToken'))) },
      errors: ['NotFound'],
    }),
  },
  '/api/users/{login}/tokens/{id}': {
    delete: operation({
      id: 'revokeUserToken',
      tag: 'Users',
      summary: "Revoke one of a user's tokens",
      roles: ADMIN,
      params: [pathParam('login', 'user login'), pathParam('id', 'token id', { type: 'integer' })],
      ok: { 204: okEmpty('revoked') },
      errors: ['NotFound'],
    }),
  },
};
