import { Schema } from 'effect';
import type { Problem } from '../api/problem.ts';
import { Instant, Int } from './fields.ts';

/**
 * A started enrolment (`POST /api/account/two-factor/enrolment`, or the params of the sign-in's
 * `second-factor-enrolment-required` answer): the secret, its `otpauth://` address and QR code
 * (an SVG data URL), and the token to send back with the first code.
 */
export const Enrolment = Schema.Struct({
  secret: Schema.String.annotations({ description: 'base32 TOTP secret (SHA-1, 6 digits, 30 s)' }),
  otpauthUri: Schema.String.annotations({ description: '`otpauth://totp/…` for an authenticator app' }),
  qrCode: Schema.String.annotations({ description: 'the QR code of otpauthUri, an SVG data URL' }),
  enrolmentToken: Schema.String.annotations({
    description: 'sent back with the first code; valid 10 minutes',
  }),
  expiresAt: Instant,
});
export type Enrolment = typeof Enrolment.Type;

/** `GET /api/account/two-factor`. */
export const TwoFactorStatus = Schema.Struct({
  enabled: Schema.Boolean,
  required: Schema.Boolean.annotations({ description: "one of the user's roles requires a second factor" }),
  enrolledAt: Schema.NullOr(Instant),
  recoveryCodesLeft: Int,
});
export type TwoFactorStatus = typeof TwoFactorStatus.Type;

/** `POST /api/account/two-factor`: the ten recovery codes, shown once. */
export const EnrolmentConfirmed = Schema.Struct({
  recoveryCodes: Schema.Array(
    Schema.String.annotations({ jsonSchema: { type: 'string', pattern: '^[0-9A-Z]{5}-[0-9A-Z]{5}$' } }),
  ),
});

/** Body of `POST /api/authenticate` with the second step's fields. */
export interface SignInRequest {
  readonly username: string;
  readonly password: string;
  readonly rememberMe: boolean;
  /** Six digits from the authenticator app, or a recovery code. */
  readonly code?: string;
  /** Sent back with `code` to confirm an enrolment started at sign-in. */
  readonly enrolmentToken?: string;
}

/** A successful sign-in: the token, and the recovery codes when the user enrolled with it. */
export interface SignedIn {
  readonly token: string;
  readonly recoveryCodes: readonly string[];
}

/** The enrolment a sign-in answer carries, if it asks for one. */
export const enrolmentOfProblem = (problem: Problem | undefined): Enrolment | undefined => {
  const params = problem?.params as { enrolment?: unknown } | undefined;
  const decoded = Schema.decodeUnknownEither(Enrolment)(params?.enrolment);
  return decoded._tag === 'Right' ? decoded.right : undefined;
};
