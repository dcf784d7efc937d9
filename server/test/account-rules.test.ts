import { account } from '@extranet/core/contract/account.ts';
import { describe, expect, it } from 'vitest';
import { chosenPasswordProblem, initialPasswordProblem } from '../src/accounts/rules.ts';
import { validationSchema } from '../src/contract/json-schema.ts';

describe('account rules (core rules, server wording)', () => {
  it('words the first chosen-password rule broken', () => {
    expect(chosenPasswordProblem(undefined)).toBe('The password is required');
    expect(chosenPasswordProblem(42)).toBe('The password is required');
    expect(chosenPasswordProblem('short1!A')).toBe('The password must be at least 12 characters long');
    expect(chosenPasswordProblem(`Aa1!${'x'.repeat(47)}`)).toBe(
      'The password cannot be longer than 50 characters',
    );
    expect(chosenPasswordProblem('NOLOWERCASE1!X')).toBe('The password needs a lowercase letter');
    expect(chosenPasswordProblem('nouppercase1!x')).toBe('The password needs an uppercase letter');
    expect(chosenPasswordProblem('NoDigitsHere!!')).toBe('The password needs a digit');
    expect(chosenPasswordProblem('NoSpecial123abc')).toMatch(/^The password needs a special character \(/);
    expect(chosenPasswordProblem('Abcdefgh12!x')).toBeUndefined();
  });

  it('accepts an initial password of 4 to 50 characters', () => {
    expect(initialPasswordProblem('')).toBe('The password is required');
    expect(initialPasswordProblem('abc')).toBe('The password must be 4 to 50 characters long');
    expect(initialPasswordProblem('x'.repeat(51))).toBe('The password must be 4 to 50 characters long');
    expect(initialPasswordProblem('init')).toBeUndefined();
  });

  it("declares core's login pattern to the JSON Schema Fastify checks a registration with", () => {
    const { properties } = validationSchema(account.register.body!) as {
      properties: { login: { pattern: string } };
    };
    const login = new RegExp(properties.login.pattern);
    expect(["jo.e_d'x@y-z", 'ABC123'].every((l) => login.test(l))).toBe(true);
    expect(['a b', 'é', 'a/b'].some((l) => login.test(l))).toBe(false);
  });
});
