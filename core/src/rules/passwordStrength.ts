import { SPECIAL_CHARACTERS } from './accountRules.ts';

/**
 * Password strength, reading (a) of docs/product.md §5 (docs/design.md §6): one point each for a lowercase
 * letter, an uppercase letter, a digit, a special character and a length of at least 12.
 * The bar has 5 segments; `score` of them are lit.
 *
 * @example passwordStrength('abc').score // 1
 */
export const passwordStrength = (
  password: string,
): { score: 0 | 1 | 2 | 3 | 4 | 5; level: StrengthLevel } => {
  let score = 0;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if ([...password].some((c) => SPECIAL_CHARACTERS.includes(c))) score++;
  if (password.length >= 12) score++;
  return { score: score as 0 | 1 | 2 | 3 | 4 | 5, level: STRENGTH_LEVELS[score]! };
};

export type StrengthLevel = 'none' | 'veryWeak' | 'weak' | 'medium' | 'strong' | 'veryStrong';
/** Level names by score; UIs colour them (red, orange, yellow, light green, green). */
export const STRENGTH_LEVELS: readonly StrengthLevel[] = [
  'none',
  'veryWeak',
  'weak',
  'medium',
  'strong',
  'veryStrong',
];
