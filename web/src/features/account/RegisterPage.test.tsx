import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('register page', () => {
  it('lights one strength segment per rule met and refuses a confirmation that differs', async () => {
    renderApp('#/register');
    await screen.findByRole('heading', { name: 'Création de compte' });
    expect(document.activeElement).toBe(screen.getByLabelText('Identifiant'));
    type('Nouveau mot de passe', 'abc');
    expect(screen.getByTestId('strength-bar').dataset.score).toBe('1');
    type('Nouveau mot de passe', 'Abcdefgh12!x');
    expect(screen.getByTestId('strength-bar').dataset.score).toBe('5');
    type('Identifiant', 'newbroker');
    type('E-mail', 'new@example.com');
    type('Confirmation du nouveau mot de passe', 'Abcdefgh12!y');
    fireEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() =>
      expect(screen.getByText('Le mot de passe et sa confirmation ne correspondent pas !')).toBeTruthy(),
    );
  });

  it('shows a field error only once the field is dirty', async () => {
    renderApp('#/register');
    await screen.findByRole('heading', { name: 'Création de compte' });
    expect(screen.queryByText('Votre e-mail n’est pas valide.')).toBeNull();
    type('E-mail', 'not-an-email');
    expect(await screen.findByText('Votre e-mail n’est pas valide.')).toBeTruthy();
  });
});
