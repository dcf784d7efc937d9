/**
 * JHipster-compatible JWTs: HS512, `sub` = login, `auth` = comma-joined roles, `exp`.
 */
import type { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  readonly login: string;
  readonly authorities: readonly string[];
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

export interface TokenService {
  sign(login: string, authorities: readonly string[], validitySeconds: number): Promise<string>;
  /** The claims of a valid token, or undefined when it is malformed, tampered with or expired. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** How many verified tokens a token service remembers (a few hundred bytes each). */
const VERIFIED_TOKENS = 1000;

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  // Imported once, on first use: given raw bytes, jose imports them as a WebCrypto key on every
  // sign and verify, which cost more than the HMAC itself on each authenticated request.
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['sign', 'verify'],
    ));
  // Tokens already verified, so that a client's next requests skip the HMAC: even with the key
  // imported once, each verification is a WebCrypto job on the thread pool, the largest piece of
  // a list's server CPU. Expiry is still checked on every use; only correctly signed tokens get
  // in, and the oldest entry leaves when the map is full.
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(login, authorities, validitySeconds) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ auth: authorities.join(',') })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(login)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + validitySeconds)
        .sign(await hmacKey());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.exp > Math.floor(now() / 1000) ? known : undefined;
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS512'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return undefined;
        const auth = typeof payload.auth === 'string' ? payload.auth : '';
        const claims = { login: payload.sub, authorities: auth ? auth.split(',') : [], exp: payload.exp };
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
