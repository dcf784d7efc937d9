import type { Authority, Marque } from '../domain/ids.ts';
import type { User, UserWrite } from '../domain/user.ts';
import { type MessageRef, message } from '../i18n/message.ts';
import {
  checkEmail,
  checkLengthBetween,
  checkMaxLength,
  checkRequired,
  firstOf,
  LOGIN_PATTERN,
  PASSWORD_LENGTH,
} from './accountRules.ts';

/** The user create/edit dialog's fields (docs/product.md §2 "User create/edit dialog"). */
export interface UserForm {
  readonly id: number | null;
  readonly login: string;
  readonly marque: string;
  readonly codeCourtier: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly activated: boolean;
  readonly langKey: string;
  readonly authorities: readonly string[];
  /** Creation only (admin-set initial password, 4 to 50: docs/design.md §6). */
  readonly password: string;
  readonly confirmPassword: string;
}

export const emptyUserForm: UserForm = {
  id: null,
  login: '',
  marque: '',
  codeCourtier: '',
  firstName: '',
  lastName: '',
  email: '',
  // A new account is created active; the box is changed only once the user exists (`canEditActivated`).
  activated: true,
  langKey: 'fr',
  authorities: ['ROLE_USER'],
  password: '',
  confirmPassword: '',
};

/** The 'Activé' box may be changed only for a user that has an id (docs/product.md §2 user dialog). */
export const canEditActivated = (form: Pick<UserForm, 'id'>): boolean => form.id !== null;

/** The dialog's values for an existing user. */
export const userFormOf = (user: User): UserForm => ({
  ...emptyUserForm,
  id: user.id,
  login: user.login,
  marque: user.marque ?? '',
  codeCourtier: user.codeCourtier ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  activated: user.activated,
  langKey: user.langKey ?? 'fr',
  authorities: user.authorities,
});

const loginPattern = (value: string): MessageRef | null =>
  LOGIN_PATTERN.test(value) ? null : message('entity.validation.patternLogin');

/** The dialog's rules (docs/product.md §5 "User form"); password rules only when creating. */
export const validateUserForm = (form: UserForm): Readonly<Record<string, MessageRef | null>> => {
  const creating = form.id === null;
  const { min, max } = PASSWORD_LENGTH.initial;
  const password = firstOf(checkRequired, checkLengthBetween(min, max));
  return {
    login: firstOf(checkRequired, checkMaxLength(50), loginPattern)(form.login),
    marque: checkRequired(form.marque),
    codeCourtier: checkMaxLength(10)(form.codeCourtier),
    firstName: checkMaxLength(50)(form.firstName),
    lastName: checkMaxLength(50)(form.lastName),
    email: checkEmail(form.email),
    password: creating ? password(form.password) : null,
    confirmPassword: creating ? password(form.confirmPassword) : null,
  };
};

/** The body sent for the dialog's values (the confirmation never leaves). */
export const userWriteOf = (form: UserForm): UserWrite => ({
  ...(form.id === null ? {} : { id: form.id }),
  login: form.login,
  firstName: form.firstName === '' ? null : form.firstName,
  lastName: form.lastName === '' ? null : form.lastName,
  email: form.email,
  activated: form.activated,
  langKey: form.langKey === '' ? null : form.langKey,
  marque: form.marque === '' ? null : (form.marque as Marque),
  codeCourtier: form.codeCourtier === '' ? null : form.codeCourtier,
  authorities: form.authorities as Authority[],
  ...(form.id === null ? { password: form.password } : {}),
});
