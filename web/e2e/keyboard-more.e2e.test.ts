import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { focused, pressTo } from './focus.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/** Starts from the top of the page, nothing focused. */
const fromTop = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** Keyboard only after sign-in: more screens than keyboard.e2e.test.ts. */
describe('keyboard-only walks of statements, message, users and settings', () => {
  let session: Session;
  afterEach(async () => {
    await session?.close();
  });
  const signIn = async (login: string, hash: string, ready: string) => {
    session = await openSession();
    await signInQuickly(session, login);
    await session.page.goto(`${session.baseUrl}/${hash}`);
    await session.page.locator(ready).first().waitFor();
    await fromTop(session.page);
  };
  it('opens a statement from the list with Enter, switches its tabs with the arrows and goes back', async () => {
    await signIn('courtier', '#/commission', '.ag-row [data-view-row]');
    const { page } = session;
    // The first row's eye cell, reached through the toolbar and the headers.
    await pressTo(page, (now) => now.viewCell);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/mouvements\/\d+/);
    await page.getByRole('heading', { name: /^Bordereau de commission de \d\d\/\d{4}/ }).waitFor();
    const selected = () => page.locator('[role="tab"][aria-selected="true"]').textContent();
    expect(await selected()).toBe('Votre bordereau');
    // The active tab, then the arrow to the next one; Enter selects it.
    await pressTo(page, (now) => now.role === 'tab' && now.name === 'Votre bordereau');
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('Détail des commissions');
    expect((await focused(page)).visible).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(selected).toBe('Détail des commissions');
    await page.getByTestId('lines-summary').waitFor();
    await screenshot(page, 'courtier-keyboard-statement-lines');
    // Back to the first tab with the left arrow, then its "back to the list" button.
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).name).toBe('Votre bordereau');
    await page.keyboard.press('Enter');
    await eventually(selected).toBe('Votre bordereau');
    await pressTo(page, 'Retour liste');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/commission/);
    await page.locator('.ag-row [data-view-row]').first().waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('fills the message form from the keyboard up to the Send button', async () => {
    await signIn('courtier', '#/message?idPolice=1000150', '.ProseMirror');
    const { page } = session;
    await pressTo(page, 'Objet du message');
    // A subject of the suggestion list, typed (headless Chromium draws no datalist popup for
    // the arrows to open, so picking from it cannot be checked here).
    await page.keyboard.type('Ajout ayant-droit');
    const subject = page.getByLabel('Objet du message');
    expect(await subject.inputValue()).toBe('Ajout ayant-droit');
    // The rich-text body.
    const editor = await pressTo(page, 'Votre message', { max: 20 });
    expect(editor.at(-1)?.tag).toBe('DIV');
    await page.keyboard.type('Bonjour, merci.');
    expect(await page.locator('.ProseMirror').textContent()).toContain('Bonjour, merci.');
    // The file chooser's button, then the Send button (not pressed: no mail sent).
    await pressTo(page, 'Sélectionner vos fichiers', { max: 30 });
    expect((await focused(page)).tag).toBe('BUTTON');
    const passed = await pressTo(page, 'Envoyer le message', { max: 10 });
    expect(passed.at(-1)?.tag).toBe('BUTTON');
    expect(await page.getByRole('button', { name: 'Envoyer le message' }).isEnabled()).toBe(true);
    await screenshot(page, 'courtier-keyboard-message');
    expect(session.pageErrors).toEqual([]);
  });

  it('opens the create-user dialog with Enter, tabs through its fields and closes it with Escape', async () => {
    await signIn('admin', '#/user-management', 'tbody tr');
    const { page } = session;
    await pressTo(page, 'Créer un nouvel utilisateur');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Créer ou modifier un utilisateur' }).waitFor();
    // Focus moves into the dialog and Tab stays inside it, reaching every field.
    await eventually(async () => (await focused(page)).inDialog).toBe(true);
    // Save stays disabled (so out of the Tab order) until the form is valid: Cancel is the last stop.
    expect(await dialog.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(true);
    const passed = await pressTo(page, 'Annuler', { max: 30 });
    expect(passed.every((now) => now.inDialog)).toBe(true);
    const names = passed.map((now) => now.name);
    for (const field of [
      'Fermer',
      'Login',
      'Marque',
      'Code courtier',
      'Prénom',
      'Nom',
      'E-mail',
      'Mot de passe',
      'Langue',
    ])
      expect(names).toContain(field);
    await screenshot(page, 'admin-keyboard-user-dialog');
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    await page.waitForURL(/#\/user-management$/);
    // Focus comes back to the button that opened the dialog.
    await eventually(async () => (await focused(page)).name).toBe('Créer un nouvel utilisateur');
    expect(session.pageErrors).toEqual([]);
  });

  it('changes the first name in the settings and saves with Enter', async () => {
    await signIn('courtier', '#/settings', 'form');
    const { page } = session;
    const firstName = page.getByLabel('Prénom', { exact: true });
    const before = await firstName.inputValue();
    const passed = await pressTo(page, 'Prénom');
    expect(passed.at(-1)?.tag).toBe('INPUT');
    const changed = `${before}K`;
    await page.keyboard.press('End');
    await page.keyboard.type('K');
    for (const field of ['Nom', 'E-mail']) await pressTo(page, field, { max: 1 });
    await page.keyboard.press('Enter');
    await page.getByText('Paramètres enregistrés !').waitFor();
    expect(await firstName.inputValue()).toBe(changed);
    await screenshot(page, 'courtier-keyboard-settings');
    // The form stays after a save: typing again starts a new edit (the message goes), and the
    // seeded name is put back the same way, for the other walks.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('Prénom');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.getByText('Paramètres enregistrés !').waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await page.getByText('Paramètres enregistrés !').waitFor();
    expect(await firstName.inputValue()).toBe(before);
    expect(session.pageErrors).toEqual([]);
  });
});
