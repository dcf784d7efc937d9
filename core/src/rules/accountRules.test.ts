import { describe, expect, it } from 'vitest';
import { checkChosenPassword, chosenPasswordFault, PASSWORD_LENGTH } from './accountRules.ts';

describe('chosen password rules (docs/design.md §6)', () => {
  it('names the first rule broken', () => {
    expect(chosenPasswordFault('')).toBe('required');
    expect(chosenPasswordFault('Abcdefgh1!x')).toBe('minlength');
    expect(chosenPasswordFault(`Aa1!${'x'.repeat(47)}`)).toBe('maxlength');
    expect(chosenPasswordFault('ABCDEFGH12!X')).toBe('lowercase');
    expect(chosenPasswordFault('abcdefgh12!x')).toBe('uppercase');
    expect(chosenPasswordFault('Abcdefghij!x')).toBe('digit');
    expect(chosenPasswordFault('Abcdefgh12xx')).toBe('special');
    expect(chosenPasswordFault('Abcdefgh12!x')).toBeNull();
    expect(chosenPasswordFault(`Aa1!${'x'.repeat(PASSWORD_LENGTH.chosen.max - 4)}`)).toBeNull();
  });

  it('gives the clients one complexity message for the four character classes', () => {
    const check = checkChosenPassword('newpassword');
    expect(check('abcdefgh12!x')?.key).toBe('global.messages.validate.newpassword.complexity');
    expect(check('Abcdefgh12xx')?.key).toBe('global.messages.validate.newpassword.complexity');
    expect(check('short')?.key).toBe('global.messages.validate.newpassword.minlength');
    expect(check('Abcdefgh12!x')).toBeNull();
  });
});
