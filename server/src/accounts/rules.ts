/**
 * Account validation rules of docs/product.md §5 and docs/design.md §6, enforced on the server whatever
 * the client checked. The rules themselves are core's (the web and the CLI apply the same);
 * this file words them for the problem bodies and the JSON schemas.
 */
import { randomInt } from 'node:crypto';
import {
  type ChosenPasswordFault,
  chosenPasswordFault,
  LOGIN_PATTERN as LOGIN_REGEX,
  PASSWORD_LENGTH,
  SPECIAL_CHARACTERS,
} from '@extranet/core/rules/accountRules.ts';

/** Core's login pattern as the JSON-schema string the routes declare. */
export const LOGIN_PATTERN = LOGIN_REGEX.source;

const chosen = PASSWORD_LENGTH.chosen;
const CHOSEN_PASSWORD_PROBLEMS: Readonly<Record<ChosenPasswordFault, string>> = {
  required: 'The password is required',
  minlength: `The password must be at least ${chosen.min} characters long`,
  maxlength: `The password cannot be longer than ${chosen.max} characters`,
  lowercase: 'The password needs a lowercase letter',
  uppercase: 'The password needs an uppercase letter',
  digit: 'The password needs a digit',
  special: `The password needs a special character (${SPECIAL_CHARACTERS})`,
};

/** A password a user chooses: the first of core's rules it breaks, in words, or undefined. */
export function chosenPasswordProblem(password: unknown): string | undefined {
  const fault = chosenPasswordFault(typeof password === 'string' ? password : '');
  return fault === null ? undefined : CHOSEN_PASSWORD_PROBLEMS[fault];
}

/** An initial password set by an administrator: core's 4 to 50 characters. */
export function initialPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length === 0) return 'The password is required';
  const { min, max } = PASSWORD_LENGTH.initial;
  if (password.length < min || password.length > max)
    return `The password must be ${min} to ${max} characters long`;
  return undefined;
}

/** JHipster's 20-digit activation and reset keys, from a cryptographic source. */
export function randomKey(): string {
  let key = '';
  for (let i = 0; i < 20; i++) key += String(randomInt(10));
  return key;
}

/** JSON schema pieces shared by the account routes. */
export const schemas = {
  login: { type: 'string', minLength: 1, maxLength: 50, pattern: LOGIN_PATTERN },
  email: { type: 'string', minLength: 5, maxLength: 100, format: 'email' },
  name: { type: ['string', 'null'], maxLength: 50 },
  requiredName: { type: 'string', minLength: 1, maxLength: 50 },
  imageUrl: { type: ['string', 'null'], maxLength: 256 },
  langKey: { type: ['string', 'null'], minLength: 2, maxLength: 6 },
  marque: { type: ['string', 'null'], maxLength: 50 },
  codeCourtier: { type: ['string', 'null'], maxLength: 10 },
} as const;
