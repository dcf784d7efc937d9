/** Checking a second factor and confirming an enrolment: what sign-in and the settings share. */
import type { Db, Queryable } from '../db/types.ts';
import type { EnrolmentTokens } from './enrolment.ts';
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { matchingStep } from './totp.ts';
import { findTwoFactor, saveEnrolment, takeRecoveryCode, takeStep } from './two-factor-store.ts';

/**
 * Whether `code` (six digits from the app, or a recovery code) lets the enrolled user in now;
 * either is used up by the success, so the same code never works twice.
 */
export async function acceptsCode(
  db: Queryable,
  box: SecretBox,
  userId: number,
  code: string,
  now: number,
): Promise<boolean> {
  const enrolment = await findTwoFactor(db, userId);
  const secret = enrolment && box.open(enrolment.secret, userId);
  if (!secret) return false;
  const digits = code.replace(/\s/g, '');
  const step = matchingStep(secret, digits, now);
  if (step !== undefined) return takeStep(db, userId, step);
  return normalizeRecoveryCode(code) !== undefined && takeRecoveryCode(db, userId, code);
}

export type EnrolmentOutcome =
  | { readonly ok: true; readonly recoveryCodes: readonly string[] }
  | { readonly ok: false; readonly reason: 'invalid-enrolment' | 'wrong-code' };

/**
 * Confirms an enrolment: the token must be valid, unexpired and the user's (same row and token
 * version), and the code one of its secret now. Stores the secret with ten new recovery codes.
 */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox,
  enrolments: EnrolmentTokens,
  user: { readonly id: number; readonly login: string; readonly tokenVersion: number },
  enrolmentToken: string,
  code: string,
  now: number,
): Promise<EnrolmentOutcome> {
  const secret = await enrolments.secretOf(enrolmentToken, user);
  if (secret === undefined) return { ok: false, reason: 'invalid-enrolment' };
  const step = matchingStep(secret, code.replace(/\s/g, ''), now);
  if (step === undefined) return { ok: false, reason: 'wrong-code' };
  // Confirmed already: sending it again would hand out new recovery codes for an old code.
  const stored = await findTwoFactor(db, user.id);
  if (stored && box.open(stored.secret, user.id) === secret)
    return { ok: false, reason: 'invalid-enrolment' };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // Stored encrypted (secret-box.ts); the user's app holds it in clear.
  await db.transaction((tx) => saveEnrolment(tx, user.id, box.seal(secret, user.id), step, recoveryCodes));
  return { ok: true, recoveryCodes };
}
