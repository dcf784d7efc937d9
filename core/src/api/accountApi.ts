import { Effect } from 'effect';
import { Account, AuthenticateResponse, ProfileInfo } from '../domain/account.ts';
import type { SignInRequest } from '../domain/twoFactor.ts';
import { decodeJson, getJson, send } from './request.ts';

/**
 * `POST /api/authenticate`: the token from the `Authorization` header, else from the body, and the
 * recovery codes of an enrolment made with it. A 401 `second-factor-required` or
 * `second-factor-enrolment-required` asks for the second step (auth machine).
 */
export const authenticate = (request: SignInRequest) =>
  send({ method: 'POST', path: 'api/authenticate', json: request }).pipe(
    Effect.flatMap((response) =>
      decodeJson(AuthenticateResponse)(response).pipe(
        Effect.map((body) => {
          const header = response.headers.authorization;
          const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : body.id_token;
          return { token, recoveryCodes: body.recovery_codes ?? [] };
        }),
      ),
    ),
  );

/** `GET /api/account`: the signed-in user's identity. */
export const getAccount = () => getJson(Account, { path: 'api/account' });

/** `GET /api/profile-info`: active profiles and the ribbon's environment label. */
export const getProfileInfo = () => getJson(ProfileInfo, { path: 'api/profile-info' });
