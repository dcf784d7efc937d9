/**
 * Recovery codes: ten single-use codes shown once at enrolment; only their SHA-256 is kept (each
 * holds 50 random bits, so a slow hash would add nothing an attacker could not brute-force faster
 * than the sign-in limits allow).
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O, U to misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXXX-XXXXX`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The code as typed (any case, spaces or dashes) reduced to its ten characters, or undefined. */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(plain) ? plain : undefined;
}

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256')
    .update(normalizeRecoveryCode(code) ?? code)
    .digest('hex');
