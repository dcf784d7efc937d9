import { HttpError } from '@extranet/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS } from '../layout/Alerts.tsx';
import { courtier, renderApp } from '../test/renderApp.tsx';

const signIn = async (login: string, password: string) => {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Identifiant'), { target: { value: login } });
  fireEvent.change(within(dialog).getByLabelText('Mot de passe'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
};

describe('the shell', () => {
  it('welcomes an anonymous visitor and signs them in through the modal onto their home, the dashboard', async () => {
    renderApp('#/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur votre extranet !' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Version 1.0.3').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'vous connecter' }));
    await signIn('courtier', 'courtier');
    expect(await screen.findByText('Connecté en tant que courtier')).toBeTruthy();
    expect(screen.getByText('Marque : UCR')).toBeTruthy();
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('keeps the modal open with the failure banner on bad credentials', async () => {
    renderApp('#/', {
      signIn: () => Promise.reject(new HttpError({ status: 401, url: 'x', body: '{}' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'vous connecter' }));
    await signIn('courtier', 'nope');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Échec de la connexion !')).toBeTruthy());
  });

  it('sends a signed-out visitor to /accessdenied with the modal open, then to the stored URL', async () => {
    renderApp('#/timeline');
    await waitFor(() => expect(window.location.hash).toBe('#/accessdenied'));
    expect(await screen.findByText('Vous n’êtes pas autorisé à accéder à cette page.')).toBeTruthy();
    await signIn('courtier', 'courtier');
    await waitFor(() => expect(window.location.hash).toBe('#/timeline'));
  });

  it('shows the 403 page to a signed-in user lacking the role', async () => {
    renderApp('#/user-management', { token: 'stored', account: courtier });
    await waitFor(() => expect(window.location.hash).toBe('#/accessdenied'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows only the menus the roles allow', async () => {
    renderApp('#/timeline', { token: 'stored' });
    expect(await screen.findByRole('button', { name: 'Entités' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Administration' })).toBeNull();
  });

  it('shows the ribbon only when the server sets an environment label', async () => {
    const first = renderApp('#/', { ribbonEnv: 'recette' });
    expect(await screen.findByText('recette')).toBeTruthy();
    first.unmount();
    renderApp('#/');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('ribbon')).toBeNull();
  });

  it('shows an HTTP error inline for 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { services } = renderApp('#/');
      await screen.findByRole('heading', { level: 1 });
      act(() =>
        services.events.next({
          type: 'http.error',
          error: new HttpError({ status: 500, url: 'x', body: '' }),
          message: { key: 'error.http.500' },
        }),
      );
      expect(screen.getByText('Erreur interne du serveur')).toBeTruthy();
      act(() => vi.advanceTimersByTime(ALERT_TIMEOUT_MS - 100));
      expect(screen.queryByText('Erreur interne du serveur')).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText('Erreur interne du serveur')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
