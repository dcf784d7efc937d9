import { Effect } from 'effect';
import { call } from '../contract/client.ts';
import { twoFactor } from '../contract/twoFactor.ts';

/** The signed-in user's two-factor calls (docs/security.md "Identity: two-factor sign-in"), on the contract's `twoFactor`. */
export const twoFactorApi = {
  /** `GET api/account/two-factor`. */
  status: () => call(twoFactor.status, {}),
  /** `POST api/account/two-factor/enrolment`: a new secret and its QR code, stored only once confirmed. */
  start: () => call(twoFactor.start, {}),
  /** `POST api/account/two-factor`: the ten recovery codes. */
  confirm: (body: { readonly enrolmentToken: string; readonly code: string }) =>
    call(twoFactor.confirm, { body }).pipe(Effect.map((answer) => answer.recoveryCodes)),
  /** `DELETE api/account/two-factor` with a current code. */
  disable: (code: string) => call(twoFactor.disable, { body: { code } }),
};
