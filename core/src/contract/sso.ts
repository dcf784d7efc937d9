/** Single sign-on (docs/security.md "Identity: single sign-on"). */
import { Schema } from 'effect';
import { AuthenticateResponse } from '../domain/account.ts';
import { SsoProvider } from '../domain/sso.ts';
import { endpoint } from './endpoint.ts';

const GROUP = 'Account';
const text = (max: number, description: string) =>
  Schema.optional(Schema.String.pipe(Schema.maxLength(max)).annotations({ description }));

/** The answer of a sign-in: the session's JWT (and recovery codes when a second factor was enrolled). */
export const JwtToken = AuthenticateResponse.annotations({ identifier: 'JwtToken' });

export const sso = {
  provider: endpoint({
    id: 'getSsoProvider',
    group: GROUP,
    method: 'GET',
    path: '/api/oidc/provider',
    summary: 'Whether single sign-on is offered, and the name of its provider',
    access: 'public',
    success: {
      status: 200,
      description: 'the provider',
      schema: SsoProvider.annotations({ identifier: 'SsoProvider' }),
    },
  }),
  authorize: endpoint({
    id: 'ssoAuthorize',
    group: GROUP,
    method: 'GET',
    path: '/api/oidc/authorize',
    summary: 'Begin single sign-on: 302 to the provider (authorization code, PKCE S256, state, nonce)',
    description:
      'The attempt is kept in the database for 10 minutes and bound to the browser by the `extranet_oidc` cookie (HttpOnly, SameSite=Lax, path /api/oidc). Limited per address like sign-in. 404 when no provider is configured.',
    access: 'public',
    query: Schema.Struct({
      clientChallenge: Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{43}$/)).annotations({
        description: 'base64url(SHA-256) of a verifier the client keeps for /api/oidc/token',
      }),
      loopbackPort: Schema.optional(
        Schema.Number.pipe(Schema.int(), Schema.between(1024, 65535)).annotations({
          description: "the CLI's listener on 127.0.0.1 (RFC 8252) the answer goes to",
        }),
      ),
      rememberMe: Schema.optional(
        Schema.Boolean.annotations({ description: 'a session of 30 days instead of 1' }),
      ),
    }),
    success: { status: 302, description: "to the provider's authorization endpoint", headers: ['redirect'] },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
  }),
  callback: endpoint({
    id: 'ssoCallback',
    group: GROUP,
    method: 'GET',
    path: '/api/oidc/callback',
    summary: "The provider's answer: 302 to the web app's `#/sso` or the CLI's loopback address",
    description:
      'The state is spent (one use) and must come from the browser that began; the code is exchanged and the ID token checked (signature by the JWKS, issuer, audience, expiry, nonce); the account is matched by login (`preferred_username`), else by a verified e-mail address. Success: `?code=<one-time code>`; refusal: `?error=<reason>` (invalid-state, expired, provider-error, code-rejected, invalid-id-token, provider-unavailable, unknown-user, deactivated), audited as AUTHENTICATION_FAILURE.',
    access: 'public',
    query: Schema.Struct({
      state: text(512, 'as sent to the provider'),
      code: text(4096, 'the authorization code'),
      error: text(256, "the provider's error (access_denied…)"),
      error_description: text(1024, "the provider's explanation"),
    }),
    success: {
      status: 302,
      description: 'to the client that began, with `code` or `error`',
      headers: ['redirect'],
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  token: endpoint({
    id: 'ssoToken',
    group: GROUP,
    method: 'POST',
    path: '/api/oidc/token',
    summary: 'Exchange the one-time code of single sign-on for a session and its JWT',
    description:
      'Once, within 60 seconds, with the verifier of the clientChallenge. The answer is that of POST /api/authenticate; no second factor is asked (the provider authenticated the user). A refusal is 400 `sso-refused` with `params.reason` (invalid-handoff, deactivated) and is audited.',
    access: 'public',
    body: Schema.Struct({
      code: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
        description: 'the one-time code of the redirect, valid 60 seconds',
      }),
      codeVerifier: Schema.String.pipe(
        Schema.minLength(43),
        Schema.maxLength(128),
        Schema.pattern(/^[A-Za-z0-9._~-]+$/),
      ).annotations({
        description: 'the verifier whose base64url(SHA-256) was the clientChallenge of /api/oidc/authorize',
      }),
    }).annotations({ identifier: 'SsoHandoff' }),
    success: { status: 200, description: 'signed in', schema: JwtToken, headers: ['authorization'] },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
  }),
};
