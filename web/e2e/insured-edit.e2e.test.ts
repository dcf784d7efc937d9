import { resources } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, tokenOf } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

type Row = Record<string, unknown>;

/** The generic 'Police Assure' page's Edit popup (`police-assure/{id}/edit`, docs/product.md §2): admin only. */
describe('insured person edit popup', () => {
  let adminToken: string;
  let insured: Row;
  beforeAll(async () => {
    // The last insured person of courtier's portfolio: other walks read the first ones.
    const courtierToken = await tokenOf('courtier');
    const response = await callApi('api/police-assures?page=0&size=1&sort=idAssure,desc', {
      token: courtierToken,
    });
    [insured = {}] = (await response.json()) as Row[];
    adminToken = await tokenOf('admin');
  });

  // The page labels each field in French (`fields.*`).
  const labels = resources.fr.translation.fields as Record<string, string>;
  const valueCell = (session: Session, field: string) =>
    session.page
      .locator('dl div', { has: session.page.locator('dt', { hasText: new RegExp(`^${labels[field]}$`) }) })
      .locator('dd');

  describe('as admin', () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession();
      await signInQuickly(session, 'admin');
    });
    afterAll(async () => {
      await session?.close();
    });

    it('opens over the detail page with the query kept, refuses a bad rank, saves and shows the new value', async () => {
      const { page, baseUrl } = session;
      const detail = `#/police-assure/${insured.idAssure}?from=walk`;
      await page.goto(`${baseUrl}/${detail}`);
      await valueCell(session, 'organismeAffiliation').waitFor();
      await page.getByRole('button', { name: 'Modifier' }).click();
      await page.waitForURL((url) => url.hash === `#/police-assure/${insured.idAssure}/edit?from=walk`);
      const dialog = page.getByRole('dialog', { name: "Modifier l'assuré" });
      const organisme = dialog.getByLabel('Organisme');
      await organisme.waitFor();
      // The detail page stays rendered under the popup.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Police Assure');
      expect(await organisme.inputValue()).toBe(String(insured.organismeAffiliation ?? ''));
      expect(await dialog.getByLabel('Rang').inputValue()).toBe(String(insured.rang ?? ''));
      expect(await seriousViolations(page)).toEqual([]);

      const unique = `Org-${Date.now()}`;
      await organisme.fill(unique);
      // A rank beyond the column's range: the server's refusal shows in the popup, the form stays.
      await dialog.getByLabel('Rang').fill('99999999999');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await organisme.inputValue()).toBe(unique);
      expect(page.url()).toContain('/edit?from=walk');
      const unchanged = (await (
        await callApi(`api/police-assures/${insured.idAssure}`, { token: adminToken })
      ).json()) as Row;
      expect(unchanged.organismeAffiliation).toBe(insured.organismeAffiliation);
      await screenshot(page, 'admin-police-assure-edit');

      // Keyboard: back to a valid rank, then Enter in a field submits the form.
      await dialog.getByLabel('Rang').fill(String(insured.rang ?? 1));
      await organisme.press('Enter');
      await page.waitForURL((url) => url.hash === detail);
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => valueCell(session, 'organismeAffiliation').textContent()).toBe(unique);
      const saved = (await (
        await callApi(`api/police-assures/${insured.idAssure}`, { token: adminToken })
      ).json()) as Row;
      expect(saved.organismeAffiliation).toBe(unique);
      expect(saved.rang).toBe(insured.rang ?? 1);
      expect(saved.nomprenom).toBe(insured.nomprenom);

      // Cancel closes the popup without a request and leaves the detail page as it was.
      await page.getByRole('button', { name: 'Modifier' }).click();
      await dialog.getByLabel('Organisme').fill('not saved');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await page.waitForURL((url) => url.hash === detail);
      expect(await valueCell(session, 'organismeAffiliation').textContent()).toBe(unique);
      expect(session.pageErrors).toEqual([]);
    });
  });

  describe('as courtier (ROLE_PORTEFEUILLE, not admin)', () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession();
      await signInQuickly(session, 'courtier');
    });
    afterAll(async () => {
      await session?.close();
    });

    it('has no Edit button and is refused the edit URL', async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/police-assure/${insured.idAssure}`);
      await valueCell(session, 'idAssure').waitFor();
      expect(await page.getByRole('button', { name: 'Retour' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Modifier' }).count()).toBe(0);
      await page.goto(`${baseUrl}/#/police-assure/${insured.idAssure}/edit`);
      await page.waitForURL((url) => url.hash === '#/accessdenied');
      await page.getByText('Vous n’êtes pas autorisé à accéder à cette page.').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(session.pageErrors).toEqual([]);
    });
  });
});
