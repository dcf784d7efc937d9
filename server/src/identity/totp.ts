/**
 * TOTP (RFC 6238) with otpauth: 30-second steps, six digits, SHA-1 (what authenticator apps
 * read), one step of tolerance either side for clocks that drift.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD = 30;
/** Steps accepted either side of the server's: 30 s of drift. */
export const TOTP_WINDOW = 1;
const ISSUER = 'Extranet';

const totpOf = (secret: string, login = '') =>
  new TOTP({ issuer: ISSUER, label: login, secret: Secret.fromBase32(secret), period: TOTP_PERIOD });

/** A new random secret (160 bits, base32). */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const otpauthUri = (login: string, secret: string): string => totpOf(secret, login).toString();

/** The QR code of `uri` as an SVG data URL (the CSP lets `img-src data:` in). */
export const qrCodeDataUrl = async (uri: string): Promise<string> =>
  `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(uri, { type: 'svg', margin: 2 })).toString('base64')}`;

/** The time step a six-digit `code` matches at `now` (within the window), else undefined. */
export function matchingStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/** The code of `secret` at `now` (tests and the demo only compute it; users' apps do). */
export const codeAt = (secret: string, now: number): string => totpOf(secret).generate({ timestamp: now });
