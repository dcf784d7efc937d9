/**
 * Single sign-on (docs/security.md "Identity: single sign-on"): the reasons a sign-in through
 * the provider is refused, shared by the server that gives them, and the web app and the CLI
 * that show them (`login.sso.error.<reason>`).
 */
import { Schema } from 'effect';

export const SSO_REFUSALS = [
  /** No attempt with this state: wrong, tampered or already used, or begun in another browser. */
  'invalid-state',
  /** The attempt is older than its time limit. */
  'expired',
  /** The provider answered with an error (the user declined, for example). */
  'provider-error',
  /** The provider refused the authorization code: already used or expired. */
  'code-rejected',
  /** The ID token failed a check: signature, issuer, audience, nonce or time. */
  'invalid-id-token',
  /** The provider could not be reached. */
  'provider-unavailable',
  /** No account matches the provider's user, and accounts are not created. */
  'unknown-user',
  /** The matching account is deactivated. */
  'deactivated',
  /** The one-time code of the hand-off is unknown, used or expired. */
  'invalid-handoff',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** `GET api/oidc/provider`: whether single sign-on is offered, and the provider's name. */
export const SsoProvider = Schema.Struct({
  configured: Schema.Boolean.annotations({
    description: 'an OpenID Connect provider is configured (OIDC_ISSUER)',
  }),
  displayName: Schema.NullOr(Schema.String).annotations({
    description: 'its name on the sign-in button (OIDC_DISPLAY_NAME)',
  }),
});
export type SsoProvider = typeof SsoProvider.Type;

/** The web app's return route (`#/sso?code=…` or `#/sso?error=…`). */
export const SSO_RETURN_ROUTE = '/sso';
/** The CLI's loopback listener answers on this path (RFC 8252 §7.3). */
export const SSO_LOOPBACK_PATH = '/callback';

/** Whether `value` (read from a URL, so untrusted) is one of the refusal reasons. */
export const ssoRefusalOf = (value: string | null): SsoRefusal | undefined =>
  (SSO_REFUSALS as readonly (string | null)[]).includes(value) ? (value as SsoRefusal) : undefined;

/**
 * The client's own PKCE pair for the hand-off (RFC 7636 S256): the challenge goes to
 * `api/oidc/authorize`, the verifier stays with the client until `api/oidc/token`, so a one-time
 * code read by anyone else (history, another program) opens nothing. WebCrypto: the browser and
 * Node alike.
 */
export const ssoVerifierPair = async (): Promise<{
  readonly verifier: string;
  readonly challenge: string;
}> => {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
};

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The address that begins single sign-on on the server at `baseUrl` (ending with `/`). */
export const ssoAuthorizeUrl = (
  baseUrl: string,
  options: { readonly challenge: string; readonly rememberMe: boolean; readonly loopbackPort?: number },
): string => {
  const url = new URL('api/oidc/authorize', baseUrl);
  url.searchParams.set('clientChallenge', options.challenge);
  if (options.rememberMe) url.searchParams.set('rememberMe', 'true');
  if (options.loopbackPort !== undefined) url.searchParams.set('loopbackPort', String(options.loopbackPort));
  return url.toString();
};
