import { Effect } from 'effect';
import { account } from '../contract/account.ts';
import { call, respond } from '../contract/client.ts';
import type { PasswordResetFinish, RegistrationAccount, SettingsAccount } from '../domain/accountForms.ts';
import { ApiConfig } from './config.ts';

/** `POST api/register` (201, empty). The confirmation is never sent. */
export const register = (body: RegistrationAccount) => call(account.register, { body });

/** `GET api/activate?key=`. */
export const activate = (key: string) => call(account.activate, { query: { key } });

/** `POST api/account`: the settings form (the server applies only names, e-mail, language, image). */
export const saveAccount = (body: SettingsAccount) => call(account.save, { body });

/**
 * `POST api/account/change-password` with the raw new password as text/plain (docs/api-conventions.md §2).
 * The change ends every earlier token (docs/design.md §9): the answer's `Authorization` header
 * carries this session's renewed one, which replaces the stored token.
 */
export const changePassword = (newPassword: string) =>
  respond(account.changePassword, { body: { newPassword } }).pipe(
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
export const requestPasswordReset = (email: string) => call(account.requestReset, { body: { email } });

/** `POST api/account/reset-password/finish` `{key, newPassword}`. */
export const finishPasswordReset = (body: PasswordResetFinish) => call(account.finishReset, { body });
