import { describe, expect, it } from 'vitest';
import { fillSignIn, screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/**
 * Administration as `admin` (user dialog, toggle, delete, sync, thread dump, health detail,
 * log level), then the account screens as the user it created (password, settings, language).
 */
describe('administration and account walk', () => {
  const signed = signedIn('admin');

  it('shows the administration menu only to the admin', async () => {
    const { page } = signed.session;
    await page.getByRole('button', { name: 'Administration' }).click();
    for (const item of ['Gestion des utilisateurs', 'Métriques', 'Santé', 'Audits', 'Logs']) {
      expect(await page.getByRole('link', { name: item }).isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
  });

  it('offers the admin the policy lists the server lets it read, and the link opens the list', async () => {
    const { page } = signed.session;
    await page.getByRole('button', { name: 'Entités' }).click();
    for (const item of ['Police', 'Assuré', 'Commissions']) {
      expect(await page.getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Police', exact: true }).click();
    await page.locator('.ag-row').first().waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/police(\?|$)/);
  });

  it('creates a user through the dialog, toggles it, and protects the admin itself', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/user-management`);
    await page.locator('tbody tr').first().waitFor();
    const adminRow = page.locator('tbody tr', { hasText: 'admin@' }).first();
    expect(await adminRow.getByRole('button', { name: 'Supprimer' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Créer un nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Login').fill('walker');
    await dialog.getByLabel('Marque').selectOption('UCR');
    await dialog.getByLabel('Code courtier').fill('C0001');
    await dialog.getByLabel('E-mail').fill('walker@example.com');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('walker');
    await dialog.getByLabel('Confirmation du mot de passe').fill('walker');
    await screenshot(page, 'admin-user-dialog');
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/#/user-management`);
    // By login, descending: 'walker' stays on the first page however many users the other walks
    // create meanwhile (by id it did not, and a second click could land while the first loaded).
    const loginHeader = page.locator('th', { has: page.getByRole('button', { name: 'Login', exact: true }) });
    while ((await loginHeader.getAttribute('aria-sort')) !== 'descending') {
      await page.locator('table[aria-busy="false"]').waitFor();
      await loginHeader.getByRole('button').click();
      await page.locator('table[aria-busy="false"]').waitFor();
    }
    const row = page.locator('tbody tr', { has: page.getByRole('cell', { name: 'walker', exact: true }) });
    await row.waitFor();
    // Whatever state the walker starts in (other walks share this server), a click flips it and
    // a second click flips it back.
    const state = row.getByRole('button', { name: /^(Activé|Désactivé)$/ });
    const before = ((await state.textContent()) ?? '').trim();
    const after = before === 'Activé' ? 'Désactivé' : 'Activé';
    await state.click();
    await row.getByRole('button', { name: after, exact: true }).waitFor();
    await row.getByRole('button', { name: after, exact: true }).click();
    await row.getByRole('button', { name: before, exact: true }).waitFor();
  });

  it('synchronises users and reports it', async () => {
    const { page } = signed.session;
    await page.getByRole('button', { name: 'Synchroniser' }).click();
    await page.getByText(/Synchronisation (réussie|en échec)/).waitFor();
  });

  it('shows the thread dump with state badges and the health details', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/jhi-metrics`);
    await page.getByRole('button', { name: 'Threads' }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^RUNNABLE/ }).waitFor();
    await dialog.getByRole('button', { name: 'Voir la pile' }).first().click();
    await screenshot(page, 'admin-thread-dump');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await page.goto(`${baseUrl}/#/jhi-health`);
    await page
      .getByRole('button', { name: /Détails/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('table').waitFor();
    await screenshot(page, 'admin-health-detail');
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).last().click();
  });

  it('changes a logger level by clicking it', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/logs`);
    const group = page.getByRole('group', { name: 'extranet.web' });
    await group.getByRole('button', { name: 'DEBUG' }).click();
    await expect
      .poll(() => group.getByRole('button', { name: 'DEBUG' }).getAttribute('aria-pressed'))
      .toBe('true');
    await group.getByRole('button', { name: 'WARN' }).click();
  });

  it('lets the new user change the password with the strength bar and the mismatch check', async () => {
    const { page, baseUrl } = signed.session;
    await page.getByRole('button', { name: 'Compte' }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.goto(`${baseUrl}/#/password`);
    await page.getByRole('dialog').waitFor();
    await fillSignIn(page, 'walker', 'walker');
    await page.waitForURL(/#\/password$/);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Walker-2026!x');
    expect(await page.getByTestId('strength-bar').getAttribute('data-score')).toBe('5');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Walker-2026!y');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Le mot de passe et sa confirmation ne correspondent pas !').waitFor();
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Walker-2026!x');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Mot de passe modifié !').waitFor();
    await screenshot(page, 'walker-password-changed');
  });

  it('saves the settings and switches the interface to English', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/settings`);
    await page.getByLabel('Prénom').fill('Wanda');
    await page.getByLabel('Nom', { exact: true }).fill('Walker');
    await page.getByLabel('Langue').selectOption('en');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Settings saved!').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'walker-settings-en');
  });
});
