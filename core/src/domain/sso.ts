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
  configured: Schema.Boolean,
  displayName: Schema.NullOr(Schema.String),
});
export type SsoProvider = typeof SsoProvider.Type;

/** The web app's return route (`#/sso?code=…` or `#/sso?error=…`). */
export const SSO_RETURN_ROUTE = '/sso';
/** The CLI's loopback listener answers on this path (RFC 8252 §7.3). */
export const SSO_LOOPBACK_PATH = '/callback';
