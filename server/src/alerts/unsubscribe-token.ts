/**
 * The digest's unsubscribe link works without signing in, so it carries its own proof: the
 * user's id and an HMAC of it under a key derived from the JWT secret (as identity/enrolment.ts
 * derives its key), so the link stops that user's digest and no one else's. A changed id or
 * signature is refused as a whole. It never expires: a month-old digest still unsubscribes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeTokens {
  tokenFor(userId: number): string;
  /** The user a token was signed for, or undefined when it was not signed by this server. */
  userOf(token: string): number | undefined;
}

const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

export function createUnsubscribeTokens(jwtSecret: string): UnsubscribeTokens {
  const key = createHmac('sha512', jwtSecret).update('alert-unsubscribe').digest();
  const sign = (userId: number) => createHmac('sha256', key).update(`unsubscribe:${userId}`).digest();
  return {
    tokenFor: (userId) => `${userId}.${sign(userId).toString('base64url')}`,
    userOf(token) {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const userId = Number(match[1]);
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = sign(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
    },
  };
}
