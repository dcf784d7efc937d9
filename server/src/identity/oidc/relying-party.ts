/**
 * The server as an OpenID Connect relying party, through openid-client (authorization code with
 * PKCE S256, state and nonce; the ID token's signature, issuer, audience, expiry and nonce). The provider's discovery document is read on first use and kept;
 * a failed read is tried again on the next sign-in rather than stopping the server.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';

/** The ID token claims the account matching reads (OpenID Connect Core §5.1). */
export interface IdentityClaims {
  readonly subject: string;
  readonly preferredUsername: string | undefined;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly givenName: string | undefined;
  readonly familyName: string | undefined;
  readonly locale: string | undefined;
}

export interface AuthorizationChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export interface RelyingParty {
  /** The provider's authorization endpoint with this attempt's parameters. */
  authorizationUrl(checks: AuthorizationChecks): Promise<URL>;
  /**
   * Exchanges the code of `callbackQuery` and checks the ID token (signature through the
   * provider's JWKS, issuer, audience, expiry, nonce). Throws an `OidcFailure`.
   */
  exchange(callbackQuery: string, checks: AuthorizationChecks): Promise<IdentityClaims>;
}

export type OidcFailureKind = 'provider-unavailable' | 'code-rejected' | 'invalid-id-token';

export class OidcFailure extends Error {
  override name = 'OidcFailure';
  readonly kind: OidcFailureKind;
  constructor(kind: OidcFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The claim a failed comparison names, somewhere down the error's causes (oauth4webapi). */
function claimOf(error: unknown, depth = 0): string | undefined {
  const e = error as { claim?: unknown; cause?: unknown } | null;
  if (!e || depth > 4) return undefined;
  return typeof e.claim === 'string' ? e.claim : claimOf(e.cause, depth + 1);
}

/** The error's message and its causes' (openid-client wraps oauth4webapi's precise one). */
function messagesOf(error: unknown, depth = 0): string {
  const e = error as { message?: unknown; cause?: unknown } | null;
  if (!e || typeof e.message !== 'string' || depth > 4) return '';
  const deeper = messagesOf(e.cause, depth + 1);
  return deeper ? `${e.message}: ${deeper}` : e.message;
}

export interface RelyingPartyOptions {
  /** Replaces fetch for every call to the provider (tests alter its answers). */
  readonly fetch?: typeof fetch;
}

export function createRelyingParty(config: OidcConfig, options: RelyingPartyOptions = {}): RelyingParty {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    const insecure = new URL(config.issuer).protocol === 'http:';
    discovered ??= client
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        config.clientSecret ? client.ClientSecretBasic(config.clientSecret) : client.None(),
        {
          // ID token signatures are checked against the provider's JWKS (openid-client skips
          // that by default for a token read over TLS); plain HTTP only for a provider on this
          // machine (config.ts).
          execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
          ...(options.fetch ? { [client.customFetch]: options.fetch as client.CustomFetch } : {}),
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcFailure('provider-unavailable', `Discovery failed: ${(error as Error).message}`);
      });
    return discovered;
  };

  return {
    async authorizationUrl(checks) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchange(callbackQuery, checks) {
      const current = new URL(config.redirectUri);
      current.search = callbackQuery;
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(await configuration(), current, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof OidcFailure) throw error;
        if (error instanceof client.ResponseBodyError) {
          throw new OidcFailure('code-rejected', `${error.error}: ${error.error_description ?? ''}`.trim());
        }
        const cause = error as Error & { code?: string };
        if (cause.name === 'TypeError' || cause.name === 'TimeoutError' || cause.name === 'AbortError') {
          throw new OidcFailure('provider-unavailable', cause.message);
        }
        const claim = claimOf(cause) ? ` (${claimOf(cause)})` : '';
        throw new OidcFailure(
          'invalid-id-token',
          `${cause.code ?? cause.name}: ${messagesOf(cause)}${claim}`,
        );
      }
      const idToken = tokens.claims();
      if (!idToken) throw new OidcFailure('invalid-id-token', 'No ID token');
      let claims: Record<string, unknown> = idToken;
      // A provider that follows OpenID Connect Core §5.4 strictly puts the profile and e-mail
      // claims in the UserInfo answer, not the ID token, when it issues an access token.
      if (idToken.preferred_username === undefined && idToken.email === undefined && tokens.access_token) {
        try {
          const info = await client.fetchUserInfo(await configuration(), tokens.access_token, idToken.sub);
          claims = { ...info, ...idToken };
        } catch (error) {
          throw new OidcFailure('provider-unavailable', `UserInfo failed: ${(error as Error).message}`);
        }
      }
      return {
        subject: idToken.sub,
        preferredUsername: optionalText(claims.preferred_username),
        email: optionalText(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: optionalText(claims.given_name),
        familyName: optionalText(claims.family_name),
        locale: optionalText(claims.locale),
      };
    },
  };
}
