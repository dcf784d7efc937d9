/** The problems of two-factor sign-in and enrolment (beside the catalogue in http/problems.ts). */
import { PROBLEM_BASE_URL, Problem } from '../http/problems.ts';
import type { Enrolment } from './enrolment.ts';

export const IdentityProblemType = {
  SECOND_FACTOR_REQUIRED: `${PROBLEM_BASE_URL}/second-factor-required`,
  ENROLMENT_REQUIRED: `${PROBLEM_BASE_URL}/second-factor-enrolment-required`,
  INVALID_SECOND_FACTOR: `${PROBLEM_BASE_URL}/invalid-second-factor`,
  INVALID_ENROLMENT: `${PROBLEM_BASE_URL}/invalid-enrolment`,
} as const;

const problem = (
  type: string,
  status: number,
  title: string,
  message: string,
  path: string,
  params?: unknown,
) =>
  new Problem({
    type,
    title,
    status,
    detail: title,
    path,
    message,
    ...(params === undefined ? {} : { params }),
  });

export const identityProblems = {
  /** The password was right; send it again with the code of the authenticator app. */
  secondFactorRequired: (path: string) =>
    problem(
      IdentityProblemType.SECOND_FACTOR_REQUIRED,
      401,
      'A second factor is required',
      'login.messages.error.codeRequired',
      path,
    ),
  /** The password was right and the user's role requires a second factor: enrol with this secret. */
  enrolmentRequired: (path: string, enrolment: Enrolment) =>
    problem(
      IdentityProblemType.ENROLMENT_REQUIRED,
      401,
      'Two-factor enrolment is required',
      'login.messages.error.enrolmentRequired',
      path,
      { enrolment },
    ),
  invalidSecondFactor: (path: string, status: 400 | 401) =>
    problem(
      IdentityProblemType.INVALID_SECOND_FACTOR,
      status,
      'Invalid or already used code',
      'login.messages.error.invalidCode',
      path,
    ),
  invalidEnrolment: (path: string) =>
    problem(
      IdentityProblemType.INVALID_ENROLMENT,
      400,
      'The enrolment expired or is not valid: start again',
      'login.messages.error.enrolmentExpired',
      path,
    ),
};
