/**
 * JHipster-compatible JWTs: HS512, `sub` = login, `auth` = comma-joined roles, `exp`; plus the
 * user's row id (`uid`) and token version (`ver`), which the per-request lookup compares with the
 * users table so that a password change, a reset, a deactivation or a deletion ends every token
 * issued before (docs/design.md §9).
 */
import type { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Whom a token is for: the user's row and its token version when it was issued. */
export interface TokenSubject {
  readonly id: number;
  readonly login: string;
  readonly tokenVersion: number;
}

export interface TokenClaims extends TokenSubject {
  readonly authorities: readonly string[];
  /** The user_sessions row of the sign-in this token belongs to (claim `sid`): ending the session deletes it. */
  readonly sessionId: number;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

export interface TokenService {
  sign(
    subject: TokenSubject,
    authorities: readonly string[],
    validitySeconds: number,
    sessionId: number,
  ): Promise<string>;
  /** The claims of a valid token, or undefined when it is malformed, tampered with or expired. */
  verify(token: string): Promise<TokenClaims | undefined>;
  /** The verified-token cache's statistics, for management/metrics' cache section. */
  cacheStats(): TokenCacheStats;
}

export interface TokenCacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly evictions: number;
  readonly size: number;
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
  const stats = { hits: 0, misses: 0, evictions: 0 };
  return {
    cacheStats: () => ({ ...stats, size: verified.size }),
    async sign(subject, authorities, validitySeconds, sessionId) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({
        auth: authorities.join(','),
        uid: subject.id,
        ver: subject.tokenVersion,
        sid: sessionId,
      })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(subject.login)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + validitySeconds)
        .sign(await hmacKey());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) stats.hits++;
      else stats.misses++;
      if (known) return known.exp > Math.floor(now() / 1000) ? known : undefined;
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS512'],
          currentDate: new Date(now()),
        });
        const { sub, exp, uid, ver, sid } = payload;
        if (typeof sub !== 'string' || typeof exp !== 'number') return undefined;
        // A token without the row and version (issued before they existed) cannot be checked: refused.
        if (!Number.isSafeInteger(uid) || !Number.isSafeInteger(ver) || !Number.isSafeInteger(sid))
          return undefined;
        const auth = typeof payload.auth === 'string' ? payload.auth : '';
        const claims: TokenClaims = {
          id: uid as number,
          login: sub,
          tokenVersion: ver as number,
          sessionId: sid as number,
          authorities: auth ? auth.split(',') : [],
          exp,
        };
        if (verified.size >= VERIFIED_TOKENS) {
          verified.delete(verified.keys().next().value!);
          stats.evictions++;
        }
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
