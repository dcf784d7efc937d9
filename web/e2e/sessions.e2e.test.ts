import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, PASSWORD, registerAndActivate } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { fillSignIn, HOME, openSession, type Session, screenshot } from './page.ts';

const TOKEN = 'jhi-authenticationToken';

const signIn = async (page: Page, baseUrl: string, login: string) => {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'vous connecter' }).click();
  await fillSignIn(page, login, PASSWORD);
  await page.waitForURL(HOME);
};

const rows = (page: Page) => page.getByTestId('sessions-card').getByTestId('session-row');

/**
 * The settings' sessions: one user signed in from two browser contexts sees both, ends the other
 * one, and that browser is signed out on its next action; signing out ends the server session,
 * so a copy of the token is refused. At a laptop's width and a phone's.
 */
for (const width of [1280, 390] as const) {
  describe(`sessions at ${width} px`, () => {
    const login = `sessions-walker-${width}`;
    let laptop: Session;
    let other: Page;
    beforeAll(async () => {
      await registerAndActivate(login);
      laptop = await openSession();
      await laptop.page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      const context = await laptop.browser.newContext({ viewport: { width, height: 720 }, locale: 'fr-FR' });
      other = await context.newPage();
    });
    afterAll(async () => {
      await laptop?.close();
    });

    it('lists both sign-ins, this device marked; ending the other signs that browser out at its next action', async () => {
      const { page, baseUrl } = laptop;
      await signIn(other, baseUrl, login);
      await signIn(page, baseUrl, login);
      await page.goto(`${baseUrl}/#/settings`);
      await rows(page).nth(1).waitFor();
      expect(await rows(page).count()).toBe(2);
      const current = rows(page).and(page.locator('[data-current="true"]'));
      expect(await current.getByTestId('session-current').textContent()).toBe('Cet appareil');
      // Dates in French: dd/MM/yyyy HH:mm.
      expect(await rows(page).first().innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(await rows(page).first().innerText()).toMatch(/^Linux/);
      await screenshot(page, `sessions-two-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByTestId('sessions-card')
        .getByRole('button', { name: /^Déconnecter la session Linux/ })
        .click();
      await page.getByTestId('sessions-done').getByText('Session déconnectée.').waitFor();
      expect(await rows(page).count()).toBe(1);
      await page.getByText('Aucune autre session ouverte.').waitFor();
      await screenshot(page, `sessions-ended-${width}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);

      // The other browser still shows its page; its next request is refused and it is signed out.
      await other.goto(`${baseUrl}/#/settings`);
      const dialog = other.getByRole('dialog');
      await dialog.getByTestId('session-ended').waitFor();
      expect(await other.evaluate((key) => sessionStorage.getItem(key), TOKEN)).toBeNull();
      expect(laptop.pageErrors).toEqual([]);
    });

    it('"sign out all other sessions" ends them; signing out ends the server session, its token refused afterwards', async () => {
      const { page, baseUrl } = laptop;
      await other.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
      await signIn(other, baseUrl, login);
      await page.getByTestId('sessions-card').getByRole('button', { name: 'Actualiser' }).click();
      await rows(page).nth(1).waitFor();
      await page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
      await page.getByText('Les autres sessions sont déconnectées.').waitFor();
      expect(await rows(page).count()).toBe(1);
      const otherToken = await other.evaluate((key) => sessionStorage.getItem(key), TOKEN);
      await expect(callApi('api/account', { token: otherToken! })).rejects.toThrow(/401/);

      const token = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN);
      expect((await callApi('api/account', { token: token! })).status).toBe(200);
      // On a phone the menu sits behind the navbar's toggle.
      if (await page.locator('.navbar-toggler').isVisible()) await page.locator('.navbar-toggler').click();
      await page.getByRole('button', { name: 'Compte' }).click();
      await page.getByRole('button', { name: 'Déconnexion' }).click();
      await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), TOKEN)).toBeNull();
      // The copy of the token dies with the session (the DELETE went before the token was forgotten).
      await expect
        .poll(() =>
          fetch(`${baseUrl}/api/account`, { headers: { authorization: `Bearer ${token}` } }).then(
            (r) => r.status,
          ),
        )
        .toBe(401);
      expect(laptop.pageErrors).toEqual([]);
    });
  });
}
