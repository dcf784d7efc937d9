import { Effect, Schema } from 'effect';
import { CreatedPersonalToken, type NewPersonalToken, PersonalToken } from '../domain/personalToken.ts';
import { getJson, send } from './request.ts';

/** The signed-in user's personal access tokens (docs/integrations.md). */
export const tokensApi = {
  list: () => getJson(Schema.Array(PersonalToken), { path: 'api/account/tokens' }),
  create: (token: NewPersonalToken) =>
    getJson(CreatedPersonalToken, { method: 'POST', path: 'api/account/tokens', json: token }),
  revoke: (id: number) => Effect.asVoid(send({ method: 'DELETE', path: `api/account/tokens/${id}` })),
};
