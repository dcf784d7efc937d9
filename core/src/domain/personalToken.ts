import { Schema } from 'effect';
import { Id, Instant } from './fields.ts';

/** What a personal access token opens: reading, or reading and the CSV exports. */
export const TokenScope = Schema.Literal('read', 'read+export');
export type TokenScope = typeof TokenScope.Type;

/** The longest life of a token, in days (the server refuses more). */
export const MAX_TOKEN_DAYS = 365;

/**
 * One personal access token (`GET /api/account/tokens`, docs/integrations.md): its name, scope,
 * the first characters of its secret, when it was created, expires and was last used.
 */
export const PersonalToken = Schema.Struct({
  id: Id,
  name: Schema.String,
  scope: TokenScope.annotations({ description: '`read+export` also opens the CSV exports' }),
  prefix: Schema.String.annotations({
    description: 'the first characters of the token (`ext_pat_` and four more)',
  }),
  createdAt: Instant,
  expiresAt: Instant,
  lastUsedAt: Schema.NullOr(Instant).annotations({ description: 'to the minute; null if never used' }),
});
export type PersonalToken = typeof PersonalToken.Type;

/** The answer of `POST /api/account/tokens`: the token with its secret, shown this once. */
export const CreatedPersonalToken = Schema.Struct({
  ...PersonalToken.fields,
  token: Schema.String.annotations({ description: 'the secret, shown this once' }),
});
export type CreatedPersonalToken = typeof CreatedPersonalToken.Type;

/** What a new token is asked with. */
export interface NewPersonalToken {
  readonly name: string;
  readonly scope: TokenScope;
  readonly expiresInDays: number;
}
