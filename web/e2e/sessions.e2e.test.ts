import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../server/src/identity/totp.ts';
import { callApi, PASSWORD, registerAndActivate, tokenOf } from './accounts.ts';
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
      expect(await rows(page).first().innerText()).toMatch(/^Chrome on Linux/);
      await screenshot(page, `sessions-two-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByTestId('sessions-card')
        .getByRole('button', { name: /^Déconnecter la session Chrome on Linux/ })
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

/**
 * An administrator requires a second factor for a role; a user of that role without one enrols
 * at sign-in (QR code, then recovery codes, then in); the administrator sees the enrolment on the
 * user's screen, resets it and ends the user's sessions.
 */
describe('administration of the second factor and of sessions', () => {
  const login = 'role-walker';
  let admin: Session;
  let user: Page;
  let adminToken = '';
  const setRoles = (roles: string[]) =>
    callApi('api/admin/two-factor/roles', {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({ roles }),
    });
  beforeAll(async () => {
    await registerAndActivate(login);
    adminToken = await tokenOf('admin');
    // ROLE_SUPER_ADMIN: a role no other walk's account holds, so requiring it touches no other test.
    const account = await (await callApi(`api/users/${login}`, { token: adminToken })).json();
    await callApi('api/users', {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({
        id: account.id,
        login,
        email: account.email,
        activated: true,
        langKey: 'fr',
        marque: 'UCR',
        authorities: ['ROLE_USER', 'ROLE_SUPER_ADMIN'],
      }),
    });
    admin = await openSession();
    user = await (
      await admin.browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'fr-FR' })
    ).newPage();
  });
  afterAll(async () => {
    await setRoles([]);
    await admin?.close();
  });

  it('requires the role from the users screen; the user enrols at sign-in with the QR code and recovery codes', async () => {
    const { page, baseUrl } = admin;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'vous connecter' }).click();
    await fillSignIn(page, 'admin');
    await page.waitForURL(HOME);
    await page.goto(`${baseUrl}/#/user-management`);
    const policy = page.getByTestId('two-factor-policy');
    await policy.getByLabel('ROLE_SUPER_ADMIN').check();
    await policy.getByRole('button', { name: 'Enregistrer' }).click();
    await policy.getByText('Rôles enregistrés.').waitFor();
    expect((await (await callApi('api/admin/two-factor/roles', { token: adminToken })).json()).roles).toEqual(
      ['ROLE_SUPER_ADMIN'],
    );
    await screenshot(page, 'two-factor-policy-1280');

    await user.goto(`${baseUrl}/`);
    await user.getByRole('button', { name: 'vous connecter' }).click();
    await fillSignIn(user, login, PASSWORD);
    const dialog = user.getByRole('dialog');
    await dialog.getByRole('img', { name: 'QR code de la clé de double authentification' }).waitFor();
    const secret = (await dialog.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    await screenshot(user, 'two-factor-required-enrol-1280');
    await dialog.getByLabel('Code à 6 chiffres ou code de secours').fill(codeAt(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByTestId('recovery-codes').locator('li').nth(9).waitFor();
    await dialog.getByRole('button', { name: 'Je les ai notés, continuer' }).click();
    await user.waitForURL(HOME);
    expect(await user.getByTestId('account-login').textContent()).toBe(`Connecté en tant que ${login}`);
  });

  it("shows the user's enrolment and sessions; resets the enrolment and ends the sessions", async () => {
    const { page, baseUrl } = admin;
    await page.goto(`${baseUrl}/#/user-management/${login}`);
    const status = page.getByTestId('user-two-factor-status');
    await status
      .getByText(/^Activée depuis le .*codes de secours restants : 10\..*Son rôle l’exige/)
      .waitFor();
    const sessions = page.getByTestId('user-sessions');
    await sessions.getByTestId('session-row').first().waitFor();
    expect(await sessions.getByTestId('session-row').count()).toBe(1);
    await screenshot(page, 'user-identity-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Réinitialiser la double authentification' }).click();
    await status.getByText(/^Non activée\./).waitFor();
    await sessions.getByRole('button', { name: 'Déconnecter toutes ses sessions' }).click();
    await sessions.getByText('Ses sessions sont déconnectées.').waitFor();
    await sessions.getByText('Aucune session ouverte.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'user-identity-390');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide).toBe(false);

    // The user's browser is signed out at its next action.
    await user.goto(`${baseUrl}/#/settings`);
    await user.getByRole('dialog').getByTestId('session-ended').waitFor();
    // Audited: the reset and the ending, each with the administrator.
    const audits = (await (
      await callApi('management/audits?fromDate=2000-01-01&toDate=2999-01-01&size=200&sort=id,desc', {
        token: adminToken,
      })
    ).json()) as Array<{ principal: string; type: string; data: Record<string, string> }>;
    const mine = audits.filter((a) => a.principal === login).map((a) => [a.type, a.data.by]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['TWO_FACTOR_RESET', 'admin'],
        ['SESSION_ENDED', 'admin'],
        ['TWO_FACTOR_ENROLLED', undefined],
        ['AUTHENTICATION_SUCCESS', undefined],
      ]),
    );
    // The Audits screen shows them by type, most recent first.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${baseUrl}/#/audits`);
    const table = page.locator('main table tbody');
    for (const type of [
      'TWO_FACTOR_RESET',
      'SESSION_ENDED',
      'TWO_FACTOR_ENROLLED',
      'TWO_FACTOR_ROLES_CHANGED',
    ])
      await table.getByRole('cell', { name: type, exact: true }).first().waitFor();
    await screenshot(page, 'audits-identity-1280');
    expect(admin.pageErrors).toEqual([]);
  });
});
