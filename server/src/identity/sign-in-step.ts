/**
 * The second step of sign-in, once the password is right (JHipster-style: the first answer says
 * a code is needed, the client sends the same request again with `code`). An enrolled user gives
 * a code from the app or a recovery code; a user whose role requires a second factor and who has
 * none enrols there and then: the answer carries a new secret and its enrolment token, and the
 * next request sends them back with a code.
 */
import type { UserRecord } from '../accounts/users.ts';
import type { Db } from '../db/types.ts';
import type { Problem } from '../http/problems.ts';
import type { EnrolmentTokens } from './enrolment.ts';
import { identityProblems } from './problems.ts';
import { acceptsCode, confirmEnrolment } from './second-factor.ts';
import type { SecretBox } from './secret-box.ts';
import { findTwoFactor, isRequiredFor } from './two-factor-store.ts';

export type SignInStep =
  /**
   * Signed in; `secondFactor` when a code or an enrolment was part of it, `recoveryCodes` when the
   * user enrolled with this request.
   */
  | { readonly kind: 'pass'; readonly secondFactor: boolean; readonly recoveryCodes?: readonly string[] }
  /** The password was right: the answer asks for the code (not a failure). */
  | { readonly kind: 'ask'; readonly problem: Problem }
  /** A wrong, replayed or expired second factor: a failed sign-in. */
  | { readonly kind: 'fail'; readonly problem: Problem; readonly reason: string };

export interface SecondFactorInput {
  readonly code?: string | undefined;
  readonly enrolmentToken?: string | undefined;
}

export async function signInStep(
  deps: {
    readonly db: Db;
    readonly box: SecretBox;
    readonly enrolments: EnrolmentTokens;
    readonly now: number;
  },
  user: UserRecord,
  input: SecondFactorInput,
  path: string,
): Promise<SignInStep> {
  const { db, box, enrolments, now } = deps;
  const code = input.code?.trim() || undefined;
  if (await findTwoFactor(db, user.id)) {
    if (code === undefined) return { kind: 'ask', problem: identityProblems.secondFactorRequired(path) };
    if (await acceptsCode(db, box, user.id, code, now)) return { kind: 'pass', secondFactor: true };
    return {
      kind: 'fail',
      problem: identityProblems.invalidSecondFactor(path, 401),
      reason: 'Bad second factor',
    };
  }
  if (!(await isRequiredFor(db, user.authorities))) return { kind: 'pass', secondFactor: false };
  if (input.enrolmentToken === undefined || code === undefined) {
    return { kind: 'ask', problem: identityProblems.enrolmentRequired(path, await enrolments.start(user)) };
  }
  const outcome = await confirmEnrolment(db, box, enrolments, user, input.enrolmentToken, code, now);
  if (outcome.ok) return { kind: 'pass', secondFactor: true, recoveryCodes: outcome.recoveryCodes };
  return outcome.reason === 'invalid-enrolment'
    ? { kind: 'fail', problem: identityProblems.invalidEnrolment(path), reason: 'Invalid enrolment' }
    : { kind: 'fail', problem: identityProblems.invalidSecondFactor(path, 401), reason: 'Bad second factor' };
}
