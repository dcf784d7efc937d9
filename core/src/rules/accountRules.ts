import { type MessageRef, message } from '../i18n/message.ts';

/** Field checks of docs/product.md §5 with docs/design.md §6 choices. Each returns the message key of the first broken rule, or null. */

export const LOGIN_PATTERN = /^[_'.@A-Za-z0-9-]*$/;
/** The special characters a chosen password needs one of (same set as the server). */
export const SPECIAL_CHARACTERS = '!@#$%*&+=.-/:;<=>?~^_';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Check = (value: string) => MessageRef | null;

/** Registration and user dialog login: required, 1 to 50, letters, digits and `_ ' . @ -`. */
export const checkLogin: Check = (value) => {
  if (value === '') return message('global.messages.validate.login.required');
  if (value.length > 50) return message('global.messages.validate.login.maxlength');
  if (!LOGIN_PATTERN.test(value)) return message('global.messages.validate.login.pattern');
  return null;
};

/** E-mail: required, 5 to 100, valid. */
export const checkEmail: Check = (value) => {
  if (value === '') return message('global.messages.validate.email.required');
  if (value.length < 5) return message('global.messages.validate.email.minlength');
  if (value.length > 100) return message('global.messages.validate.email.maxlength');
  if (!EMAIL_PATTERN.test(value)) return message('global.messages.validate.email.invalid');
  return null;
};

/** Password lengths (docs/design.md §6): one a user chooses, and an administrator's initial one. */
export const PASSWORD_LENGTH = { chosen: { min: 12, max: 50 }, initial: { min: 4, max: 50 } } as const;

/** The rules a chosen password can break, in the order they are checked. */
export type ChosenPasswordFault =
  | 'required'
  | 'minlength'
  | 'maxlength'
  | 'lowercase'
  | 'uppercase'
  | 'digit'
  | 'special';

/**
 * The first rule a password a user chooses (register, change, reset finish) breaks, or null:
 * 12 to 50 characters with a lower, an upper, a digit and a special character. The one
 * definition: the clients turn it into messages, the server enforces it whatever they checked.
 *
 * @example chosenPasswordFault('Abcdefgh12!x') // null
 */
export const chosenPasswordFault = (value: string): ChosenPasswordFault | null => {
  if (value === '') return 'required';
  if (value.length < PASSWORD_LENGTH.chosen.min) return 'minlength';
  if (value.length > PASSWORD_LENGTH.chosen.max) return 'maxlength';
  if (!/[a-z]/.test(value)) return 'lowercase';
  if (!/[A-Z]/.test(value)) return 'uppercase';
  if (!/[0-9]/.test(value)) return 'digit';
  if (![...value].some((c) => SPECIAL_CHARACTERS.includes(c))) return 'special';
  return null;
};

/**
 * A password a user chooses, as a message: the length rules by name, the four character
 * classes as one 'complexity' message. `role` picks the message family: the new password, the
 * change screen's 'confirmation password' or the reset screen's 'password confirmation'.
 */
export const checkChosenPassword =
  (role: 'newpassword' | 'confirmpassword' | 'passwordconfirmation'): Check =>
  (value) => {
    const fault = chosenPasswordFault(value);
    if (fault === null) return null;
    const rule =
      fault === 'required' || fault === 'minlength' || fault === 'maxlength' ? fault : 'complexity';
    return message(`global.messages.validate.${role}.${rule}`);
  };

/** Settings first and last name: required, 1 to 50. */
export const checkName =
  (field: 'firstname' | 'lastname'): Check =>
  (value) => {
    if (value.trim() === '') return message(`settings.messages.validate.${field}.required`);
    if (value.length > 50) return message(`settings.messages.validate.${field}.maxlength`);
    return null;
  };

/** The user dialog's generic rules: 'This field is required', 'cannot be longer than N'. */
export const checkRequired: Check = (value) =>
  value.trim() === '' ? message('entity.validation.required') : null;
export const checkMaxLength =
  (max: number): Check =>
  (value) =>
    value.length > max ? message('entity.validation.maxlength', { max }) : null;
export const checkLengthBetween =
  (min: number, max: number): Check =>
  (value) => {
    if (value.length < min) return message('entity.validation.minlength', { min });
    return value.length > max ? message('entity.validation.maxlength', { max }) : null;
  };

/** The first message of several checks. */
export const firstOf =
  (...checks: Check[]): Check =>
  (value) => {
    for (const check of checks) {
      const result = check(value);
      if (result !== null) return result;
    }
    return null;
  };

/** The message shown when a password and its confirmation differ (docs/product.md §5). */
export const MISMATCH = message('global.messages.error.dontmatch');
