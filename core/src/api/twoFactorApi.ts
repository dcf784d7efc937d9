import { Effect } from 'effect';
import { Enrolment, EnrolmentConfirmed, TwoFactorStatus } from '../domain/twoFactor.ts';
import { getJson, send } from './request.ts';

/** The signed-in user's two-factor calls (docs/security.md "Identity: two-factor sign-in"). */
export const twoFactorApi = {
  /** `GET api/account/two-factor`. */
  status: () => getJson(TwoFactorStatus, { path: 'api/account/two-factor' }),
  /** `POST api/account/two-factor/enrolment`: a new secret and its QR code, stored only once confirmed. */
  start: () => getJson(Enrolment, { method: 'POST', path: 'api/account/two-factor/enrolment' }),
  /** `POST api/account/two-factor`: the ten recovery codes. */
  confirm: (body: { readonly enrolmentToken: string; readonly code: string }) =>
    getJson(EnrolmentConfirmed, { method: 'POST', path: 'api/account/two-factor', json: body }).pipe(
      Effect.map((answer) => answer.recoveryCodes),
    ),
  /** `DELETE api/account/two-factor` with a current code. */
  disable: (code: string) =>
    Effect.asVoid(send({ method: 'DELETE', path: 'api/account/two-factor', json: { code } })),
};
