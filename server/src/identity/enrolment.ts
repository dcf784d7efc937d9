/**
 * A started enrolment is nothing stored: the server hands out the new secret with a signed
 * enrolment token (the user's row and token version, the secret, ten minutes of validity), and
 * stores the secret only when a code computed from it comes back with that token. The token is
 * signed with a key derived from the JWT secret, so it is never a bearer token and a bearer token
 * is never an enrolment token.
 */
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { newSecret, otpauthUri, qrCodeDataUrl } from './totp.ts';

export const ENROLMENT_SECONDS = 600;

export interface Enrolment {
  readonly secret: string;
  readonly otpauthUri: string;
  /** SVG data URL of the QR code of `otpauthUri`. */
  readonly qrCode: string;
  readonly enrolmentToken: string;
  readonly expiresAt: string;
}

interface EnrolmentSubject {
  readonly id: number;
  readonly login: string;
  readonly tokenVersion: number;
}

export interface EnrolmentTokens {
  start(user: EnrolmentSubject): Promise<Enrolment>;
  /** The secret of a valid, unexpired enrolment token issued to `user` as it is now; else undefined. */
  secretOf(token: string, user: EnrolmentSubject): Promise<string | undefined>;
}

export function createEnrolmentTokens(jwtSecret: string, now: () => number = Date.now): EnrolmentTokens {
  const key = createHmac('sha512', jwtSecret).update('two-factor-enrolment').digest();
  return {
    async start(user) {
      const secret = newSecret();
      const issuedAt = Math.floor(now() / 1000);
      const uri = otpauthUri(user.login, secret);
      const enrolmentToken = await new SignJWT({ uid: user.id, ver: user.tokenVersion, totp: secret })
        .setProtectedHeader({ alg: 'HS512' })
        .setAudience('two-factor-enrolment')
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ENROLMENT_SECONDS)
        .sign(key);
      return {
        secret,
        otpauthUri: uri,
        qrCode: await qrCodeDataUrl(uri),
        enrolmentToken,
        expiresAt: new Date((issuedAt + ENROLMENT_SECONDS) * 1000).toISOString(),
      };
    },
    async secretOf(token, user) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS512'],
          audience: 'two-factor-enrolment',
          currentDate: new Date(now()),
        });
        if (payload.uid !== user.id || payload.ver !== user.tokenVersion) return undefined;
        return typeof payload.totp === 'string' ? payload.totp : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
