import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courtier, renderApp } from '../../test/renderApp.tsx';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('identity fields', () => {
  it('give the settings form the account’s names and e-mail with their autofill and limits', async () => {
    renderApp('#/settings', { token: 'token' });
    await screen.findByLabelText('Prénom');
    expect(
      ['Prénom', 'Nom', 'E-mail'].map((label) => {
        const { value, type, autocomplete, maxLength } = input(label);
        return { value, type, autocomplete, maxLength };
      }),
    ).toEqual([
      { value: courtier.firstName, type: 'text', autocomplete: 'given-name', maxLength: 50 },
      { value: courtier.lastName, type: 'text', autocomplete: 'family-name', maxLength: 50 },
      { value: courtier.email, type: 'email', autocomplete: 'email', maxLength: 100 },
    ]);
    expect(document.activeElement).not.toBe(input('Prénom'));
  });

  it('give the register form a focused login then the e-mail', async () => {
    renderApp('#/register');
    await screen.findByLabelText('Identifiant');
    expect(document.activeElement).toBe(input('Identifiant'));
    expect(input('Identifiant').autocomplete).toBe('username');
    expect(input('E-mail').type).toBe('email');
  });
});
