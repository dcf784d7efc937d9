import { Effect } from 'effect';
import type { PasswordResetFinish, RegistrationAccount, SettingsAccount } from '../domain/accountForms.ts';
import { ApiConfig } from './config.ts';
import { send } from './request.ts';

/** `POST api/register` (201, empty). The confirmation is never sent. */
export const register = (account: RegistrationAccount) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/register', json: account }));

/** `GET api/activate?key=`. */
export const activate = (key: string) => Effect.asVoid(send({ path: 'api/activate', query: [['key', key]] }));

/** `POST api/account`: the settings form. */
export const saveAccount = (account: SettingsAccount) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account', json: account }));

/**
 * `POST api/account/change-password` with the raw new password as text/plain (docs/api-conventions.md §2).
 * The change ends every earlier token (docs/design.md §9): the answer's `Authorization` header
 * carries this session's renewed one, which replaces the stored token.
 */
export const changePassword = (newPassword: string) =>
  send({ method: 'POST', path: 'api/account/change-password', text: newPassword }).pipe(
    Effect.flatMap((response) =>
      Effect.flatMap(ApiConfig, (config) =>
        Effect.sync(() => {
          const header = response.headers.authorization;
          if (header?.startsWith('Bearer ')) config.tokens.replace(header.slice('Bearer '.length));
        }),
      ),
    ),
  );

/** `POST api/account/reset-password/init` with the raw e-mail as text/plain. */
export const requestPasswordReset = (email: string) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account/reset-password/init', text: email }));

/** `POST api/account/reset-password/finish` `{key, newPassword}`. */
export const finishPasswordReset = (body: PasswordResetFinish) =>
  Effect.asVoid(send({ method: 'POST', path: 'api/account/reset-password/finish', json: body }));
