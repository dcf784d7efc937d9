import { Effect } from 'effect';
import { account } from '../contract/account.ts';
import { call, respond } from '../contract/client.ts';
import { JwtToken } from '../contract/sso.ts';
import { Account } from '../domain/account.ts';
import type { SignInRequest } from '../domain/twoFactor.ts';
import { decodeJson } from './request.ts';

/**
 * `POST /api/authenticate`: the token from the `Authorization` header, else from the body, and the
 * recovery codes of an enrolment made with it. A 401 `second-factor-required` or
 * `second-factor-enrolment-required` asks for the second step (auth machine).
 */
export const authenticate = (request: SignInRequest) =>
  respond(account.authenticate, { body: request }).pipe(
    Effect.flatMap((response) =>
      decodeJson(JwtToken)(response).pipe(
        Effect.map((body) => {
          const header = response.headers.authorization;
          const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : body.id_token;
          return { token, recoveryCodes: body.recovery_codes ?? [] };
        }),
      ),
    ),
  );

/**
 * `GET /api/account`: the signed-in user's identity, read as core's `Account` (the screens' view of
 * the contract's `User`, whose language is always set).
 */
export const getAccount = () => Effect.flatMap(respond(account.get, {}), decodeJson(Account));

/** `GET /api/profile-info`: active profiles and the ribbon's environment label. */
export const getProfileInfo = () => call(account.profileInfo, {});
