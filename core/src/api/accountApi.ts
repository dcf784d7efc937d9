import { Effect } from 'effect';
import { Account, AuthenticateResponse, type Credentials, ProfileInfo } from '../domain/account.ts';
import { decodeJson, getJson, send } from './request.ts';

/** `POST /api/authenticate`: the token from the `Authorization` header, else from the body. */
export const authenticate = (credentials: Credentials) =>
  send({ method: 'POST', path: 'api/authenticate', json: credentials }).pipe(
    Effect.flatMap((response) => {
      const header = response.headers.authorization;
      if (header?.startsWith('Bearer ')) return Effect.succeed(header.slice('Bearer '.length));
      return decodeJson(AuthenticateResponse)(response).pipe(Effect.map((body) => body.id_token));
    }),
  );

/** `GET /api/account`: the signed-in user's identity. */
export const getAccount = () => getJson(Account, { path: 'api/account' });

/** `GET /api/profile-info`: active profiles and the ribbon's environment label. */
export const getProfileInfo = () => getJson(ProfileInfo, { path: 'api/profile-info' });
