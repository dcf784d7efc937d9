/** Personal access tokens (docs/integrations.md "Personal access tokens"): the caller's, and a user's for an administrator. */
import { Schema } from 'effect';
import { CreatedPersonalToken, MAX_TOKEN_DAYS, PersonalToken, TokenScope } from '../domain/personalToken.ts';
import { endpoint, Key } from './endpoint.ts';

const Token = PersonalToken.annotations({ identifier: 'PersonalToken' });
const Tokens = Schema.Array(Token);
const Login = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
  description: 'user login',
});
const CLOSED = 'Closed to personal access tokens (403), as every account route.';

/** What a token is created with. */
export const NewTokenBody = Schema.Struct({
  name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
    description: 'trimmed; a blank one is refused',
  }),
  scope: TokenScope,
  expiresInDays: Schema.Number.pipe(Schema.int(), Schema.between(1, MAX_TOKEN_DAYS)).annotations({
    description: 'the life of the token, in days',
  }),
});

export const tokens = {
  list: endpoint({
    id: 'getTokens',
    group: 'Account',
    method: 'GET',
    path: '/api/account/tokens',
    summary: "The caller's personal access tokens (expired ones included), newest first",
    description: CLOSED,
    access: 'signed-in',
    success: { status: 200, description: 'the tokens', schema: Tokens },
  }),
  create: endpoint({
    id: 'createToken',
    group: 'Account',
    method: 'POST',
    path: '/api/account/tokens',
    summary: 'Create a personal access token: the answer holds the secret, which is never shown again',
    description:
      'A token reads only (GET): never account, token, user or administration routes; `read` is refused exports. Audited. At most 50 per account.',
    access: 'signed-in',
    objectName: 'token',
    body: NewTokenBody,
    success: {
      status: 201,
      description: 'created',
      schema: CreatedPersonalToken.annotations({ identifier: 'CreatedPersonalToken' }),
      headers: ['alert'],
      alert: 'tokens.created',
    },
    errors: ['BadRequest'],
  }),
  revoke: endpoint({
    id: 'revokeToken',
    group: 'Account',
    method: 'DELETE',
    path: '/api/account/tokens/{id}',
    summary: "Revoke one of the caller's tokens: refused at its next request; another user's answers 404",
    access: 'signed-in',
    objectName: 'token',
    params: Schema.Struct({ id: Key('token id') }),
    badParams: 'BadRequest',
    success: { status: 204, description: 'revoked' },
    errors: ['NotFound'],
  }),
  ofUser: endpoint({
    id: 'getUserTokens',
    group: 'Users',
    method: 'GET',
    path: '/api/users/{login}/tokens',
    summary: "A user's personal access tokens",
    access: 'users.admin',
    objectName: 'userManagement',
    params: Schema.Struct({ login: Login }),
    badParams: 'BadRequest',
    success: { status: 200, description: 'the tokens', schema: Tokens },
    errors: ['NotFound'],
  }),
  revokeOfUser: endpoint({
    id: 'revokeUserToken',
    group: 'Users',
    method: 'DELETE',
    path: '/api/users/{login}/tokens/{id}',
    summary: "Revoke one of a user's tokens",
    access: 'users.admin',
    objectName: 'token',
    params: Schema.Struct({ login: Login, id: Key('token id') }),
    badParams: 'BadRequest',
    success: { status: 204, description: 'revoked' },
    errors: ['NotFound'],
  }),
};
