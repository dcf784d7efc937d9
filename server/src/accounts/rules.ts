/**
 * Account validation rules of spec §5 and ARCHITECTURE §6, enforced on the server whatever
 * the client checked. (The same rules belong in core for the web and the CLI; these must agree.)
 */
import { randomInt } from 'node:crypto';

export const LOGIN_PATTERN = "^[_'.@A-Za-z0-9-]*$";
export const LOGIN_RULE = "letters, digits and _ ' . @ -, 1 to 50 characters";
export const SPECIAL_CHARACTERS = '!@#$%*&+=.-/:;<=>?~^_';

/** A password a user chooses: 12 to 50 characters with a lower, an upper, a digit and a special. */
export function chosenPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length === 0) return 'The password is required';
  if (password.length < 12) return 'The password must be at least 12 characters long';
  if (password.length > 50) return 'The password cannot be longer than 50 characters';
  if (!/[a-z]/.test(password)) return 'The password needs a lowercase letter';
  if (!/[A-Z]/.test(password)) return 'The password needs an uppercase letter';
  if (!/[0-9]/.test(password)) return 'The password needs a digit';
  if (![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) {
    return `The password needs a special character (${SPECIAL_CHARACTERS})`;
  }
  return undefined;
}

/** An initial password set by an administrator: 4 to 50 characters. */
export function initialPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length === 0) return 'The password is required';
  if (password.length < 4 || password.length > 50) return 'The password must be 4 to 50 characters long';
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
