import { Effect } from 'effect';
import { AuthenticateResponse } from '../domain/account.ts';
import { SsoProvider } from '../domain/sso.ts';
import { decodeJson, getJson, send } from './request.ts';

/** Single sign-on calls (docs/security.md "Identity: single sign-on"). */
export const ssoApi = {
  /** `GET api/oidc/provider`: whether SSO is offered, and the provider's name. */
  provider: () => getJson(SsoProvider, { path: 'api/oidc/provider' }),
  /** `POST api/oidc/token`: the one-time code and the client's verifier → the token. */
  exchange: (body: { readonly code: string; readonly codeVerifier: string }) =>
    send({ method: 'POST', path: 'api/oidc/token', json: body }).pipe(
      Effect.flatMap(decodeJson(AuthenticateResponse)),
      Effect.map((answer) => ({ token: answer.id_token, recoveryCodes: [] as readonly string[] })),
    ),
};
