/** Bodies of the self-service account calls (docs/product.md §3 "Settings account", "Registration account"). */

/** `POST /api/account`: the settings form. The server applies only names, email, langKey, imageUrl. */
export interface SettingsAccount {
  readonly activated: boolean;
  readonly email: string;
  readonly firstName: string;
  readonly langKey: string;
  readonly lastName: string;
  readonly login: string;
  readonly imageUrl: string | null;
}

/** `POST /api/register`: the confirmation is never sent; `langKey` is the current language. */
export interface RegistrationAccount {
  readonly login: string;
  readonly email: string;
  readonly password: string;
  readonly langKey: string;
}

/** `POST /api/account/reset-password/finish`. */
export interface PasswordResetFinish {
  readonly key: string;
  readonly newPassword: string;
}
