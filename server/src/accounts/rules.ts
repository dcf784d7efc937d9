/**
 * Account validation rules of docs/product.md §5 and docs/design.md §6, enforced on the server whatever
 * the client checked. The rules themselves are core's (the web and the CLI apply the same);
 * this file words them for the problem bodies.
 */
import { randomInt } from 'node:crypto';
import {
  type ChosenPasswordFault,
  chosenPasswordFault,
  PASSWORD_LENGTH,
  SPECIAL_CHARACTERS,
} from '@extranet/core/rules/accountRules.ts';

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
