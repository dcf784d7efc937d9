import { Effect } from 'effect';
import type { PasswordResetFinish, RegistrationAccount, SettingsAccount } from '../domain/accountForms.ts';
import { send } from './request.ts';

/** `POST api/register` (201, empty). The confirmation is never sent. */
export const register = (account: RegistrationAccount) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/register', json: account }));

/** `GET api/activate?key=`. */
export const activate = (key: string) => Effect.asVoid(send({ path: 'api/activate', query: [['key', key]] }));

/** `POST api/account`: the settings form. */
export const saveAccount = (account: SettingsAccount) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account', json: account }));

/** `POST api/account/change-password` with the raw new password as text/plain (JHIPSTER-CONTRACT §2). */
export const changePassword = (newPassword: string) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account/change-password', text: newPassword }));

/** `POST api/account/reset-password/init` with the raw e-mail as text/plain. */
export const requestPasswordReset = (email: string) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account/reset-password/init', text: email }));

/** `POST api/account/reset-password/finish` `{key, newPassword}`. */
export const finishPasswordReset = (body: PasswordResetFinish) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account/reset-password/finish', json: body }));
