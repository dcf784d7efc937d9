import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../server/src/identity/totp.ts';
import { PASSWORD, registerAndActivate } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { fillSignIn, openSession, type Session, screenshot } from './page.ts';

/**
 * A user turns two-factor sign-in on from the settings (QR code, first code computed
 * here as an authenticator app would, ten recovery codes), then signs in with the password and a
 * code; a wrong code is refused with the banner. At a laptop's width and a phone's.
 */
const codeField = (page: Page) => page.getByRole('dialog').getByLabel('Code à 6 chiffres ou code de secours');

for (const width of [1280, 390] as const) {
  describe(`two-factor sign-in at ${width} px`, () => {
    const login = `tfa-walker-${width}`;
    let session: Session;
    /** The secret enrolled by the first test, as the authenticator app keeps it. */
    let secret = '';
    beforeAll(async () => {
      await registerAndActivate(login);
      session = await openSession();
      await session.page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    });
    afterAll(async () => {
      await session?.close();
    });

    it('enrols from the settings with the QR code and shows ten recovery codes', async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'vous connecter' }).click();
      await fillSignIn(page, login, PASSWORD);
      await page.waitForURL(/#\/timeline/);
      await page.goto(`${baseUrl}/#/settings`);
      const card = page.getByTestId('two-factor-card');
      await card.getByText('Désactivée : un mot de passe suffit pour vous connecter.').waitFor();
      await card.getByRole('button', { name: 'Activer' }).click();
      const qr = card.getByRole('img', { name: 'QR code de la clé de double authentification' });
      await qr.waitFor();
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await screenshot(page, `two-factor-enrol-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      // A wrong code first: the card says so and stays on the QR code.
      await card
        .getByLabel('Code à 6 chiffres ou code de secours')
        .fill(codeAt(secret, Date.now() - 120_000));
      await card.getByRole('button', { name: 'Valider' }).click();
      await card.getByTestId('two-factor-error').waitFor();
      expect(await card.getByTestId('two-factor-error').textContent()).toContain('Code refusé.');
      await card.getByLabel('Code à 6 chiffres ou code de secours').fill(codeAt(secret, Date.now()));
      await card.getByRole('button', { name: 'Valider' }).click();
      const codes = card.getByTestId('recovery-codes').locator('li');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await screenshot(page, `two-factor-recovery-codes-${width}`);
      await card.getByRole('button', { name: 'Je les ai notés, continuer' }).click();
      await card.getByText(/^Activée depuis le .*Codes de secours restants : 10\./).waitFor();
      await screenshot(page, `two-factor-on-${width}`);
      expect(session.pageErrors).toEqual([]);
    });

    it('asks the code after the password, refuses a wrong one, then signs in', async () => {
      const { page, baseUrl } = session;
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
      await page.goto(`${baseUrl}/`);
      await page.reload();
      await page.getByRole('button', { name: 'vous connecter' }).click();
      await fillSignIn(page, login, PASSWORD);
      await codeField(page).waitFor();
      // The password step is gone; only the code is asked.
      expect(await page.getByRole('dialog').getByLabel('Mot de passe').count()).toBe(0);
      await screenshot(page, `two-factor-sign-in-code-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await codeField(page).fill('000000');
      await page.getByRole('dialog').getByRole('button', { name: 'Valider' }).click();
      await page.getByTestId('sign-in-error').waitFor();
      expect(await page.getByTestId('sign-in-error').textContent()).toContain('Code refusé.');
      await screenshot(page, `two-factor-sign-in-refused-${width}`);
      // The enrolment used this step's code: the next step's, within the tolerance.
      await codeField(page).fill(codeAt(secret, Date.now() + 30_000));
      await page.getByRole('dialog').getByRole('button', { name: 'Valider' }).click();
      await page.waitForURL(/#\/timeline/);
      await page.getByTestId('account-login').waitFor();
      expect(await page.getByTestId('account-login').textContent()).toBe(`Connecté en tant que ${login}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);
      expect(session.pageErrors).toEqual([]);
    });
  });
}
