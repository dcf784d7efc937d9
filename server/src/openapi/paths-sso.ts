/** Single sign-on (docs/security.md "Identity: single sign-on"). */
import { header, type Json, jsonContent, okJson, operation, queryParam, ref } from './builders.ts';

export const SSO_SCHEMAS: Record<string, Json> = {
  SsoProvider: {
    type: 'object',
    additionalProperties: false,
    required: ['configured', 'displayName'],
    properties: {
      configured: { type: 'boolean', description: 'an OpenID Connect provider is configured (OIDC_ISSUER)' },
      displayName: {
        type: ['string', 'null'],
        description: 'its name on the sign-in button (OIDC_DISPLAY_NAME)',
      },
    },
  },
  SsoHandoff: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'codeVerifier'],
    properties: {
      code: { type: 'string', description: 'the one-time code of the redirect, valid 60 seconds' },
      codeVerifier: {
        type: 'string',
        minLength: 43,
        maxLength: 128,
        description: 'the verifier whose base64url(SHA-256) was the clientChallenge of /api/oidc/authorize',
      },
    },
  },
};

const redirect = (description: string): Record<string, Json> => ({
  302: { description, headers: { Location: header('the address') } },
});

export const SSO_PATHS: Record<string, Json> = {
  '/api/oidc/provider': {
    get: operation({
      id: 'getSsoProvider',
      tag: 'Account',
      summary: 'Whether single sign-on is offered, and the name of its provider',
      roles: 'public',
      ok: { 200: okJson('the provider', ref('SsoProvider')) },
    }),
  },
  '/api/oidc/authorize': {
    get: operation({
      id: 'ssoAuthorize',
      tag: 'Account',
      summary: 'Begin single sign-on: 302 to the provider (authorization code, PKCE S256, state, nonce)',
      roles: 'public',
      description:
        'The attempt is kept in the database for 10 minutes and bound to the browser by the `extranet_oidc` cookie (HttpOnly, SameSite=Lax, path /api/oidc). Limited per address like sign-in. 404 when no provider is configured.',
      params: [
        {
          ...queryParam(
            'clientChallenge',
            'base64url(SHA-256) of a verifier the client keeps for /api/oidc/token',
            {
              type: 'string',
              pattern: '^[A-Za-z0-9_-]{43}$',
            },
          ),
          required: true,
        },
        queryParam('loopbackPort', "the CLI's listener on 127.0.0.1 (RFC 8252) the answer goes to", {
          type: 'integer',
          minimum: 1024,
          maximum: 65535,
        }),
        queryParam('rememberMe', 'a session of 30 days instead of 1', { type: 'boolean' }),
      ],
      ok: redirect("to the provider's authorization endpoint"),
      errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    }),
  },
  '/api/oidc/callback': {
    get: operation({
      id: 'ssoCallback',
      tag: 'Account',
      summary: "The provider's answer: 302 to the web app's `#/sso` or the CLI's loopback address",
      roles: 'public',
      description:
        'The state is spent (one use) and must come from the browser that began; the code is exchanged and the ID token checked (signature by the JWKS, issuer, audience, expiry, nonce); the account is matched by login (`preferred_username`), else by a verified e-mail address. Success: `?code=<one-time code>`; refusal: `?error=<reason>` (invalid-state, expired, provider-error, code-rejected, invalid-id-token, provider-unavailable, unknown-user, deactivated), audited as AUTHENTICATION_FAILURE.',
      params: [
        queryParam('state', 'as sent to the provider'),
        queryParam('code', 'the authorization code'),
        queryParam('error', "the provider's error (access_denied…)"),
        queryParam('error_description', "the provider's explanation"),
      ],
      ok: redirect('to the client that began, with `code` or `error`'),
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  '/api/oidc/token': {
    post: operation({
      id: 'ssoToken',
      tag: 'Account',
      summary: 'Exchange the one-time code of single sign-on for a session and its JWT',
      roles: 'public',
      description:
        'Once, within 60 seconds, with the verifier of the clientChallenge. The answer is that of POST /api/authenticate; no second factor is asked (the provider authenticated the user). A refusal is 400 `sso-refused` with `params.reason` (invalid-handoff, deactivated) and is audited.',
      body: { content: jsonContent(ref('SsoHandoff')) },
      ok: { 200: okJson('signed in', ref('JwtToken'), { Authorization: header('`Bearer <token>`') }) },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    }),
  },
};
