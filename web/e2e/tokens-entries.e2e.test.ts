import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validateFec } from '../../server/test/entries/fec-validator.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/** A GET as a script would send it, with a bearer token, from the page's origin. */
const getWith = (page: Page, path: string, token: string) =>
  page.evaluate(
    async ({ path, token }) => (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).status,
    { path, token },
  );

/**
 * The settings' personal access tokens and the statement list's entries button in Chromium, at a
 * laptop's width and a phone's: a token is shown once, listed with its last use once a script
 * used it, and refused (401) once revoked; the entries file's lines have the 18 columns of
 * A47 A-1 and balance, and a reversed period is refused without a download.
 */
for (const width of [1280, 390] as const) {
  describe(`tokens card at ${width} px`, () => {
    const signed = signedIn('compta');

    it('shows a new token once, lists its last use after a script used it, and revokes it (401 after)', async () => {
      const { page, baseUrl } = signed.session;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      await page.goto(`${baseUrl}/#/settings`);
      const card = page.getByTestId('tokens-card');
      const name = `script-${width}`;
      await card.getByLabel('Nom du jeton').fill(name);
      await card.getByLabel('Portée').selectOption('read');
      await card.getByRole('button', { name: 'Créer le jeton' }).click();
      const secret = card.getByTestId('token-secret');
      await secret.waitFor();
      const token = (await secret.locator('code').textContent()) ?? '';
      expect(token).toMatch(/^ext_pat_[A-Za-z0-9_-]{43}$/);
      const row = card.getByTestId('token-row').filter({ hasText: name });
      expect(await row.innerText()).toContain('Jamais');
      await screenshot(page, `settings-token-secret-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await secret.getByRole('button', { name: 'J’ai copié le jeton' }).click();
      expect(await card.getByTestId('token-secret').count()).toBe(0);

      // A script reads statements with it; the list then shows when.
      expect(await getWith(page, 'api/commissions?size=1', token)).toBe(200);
      await page.reload();
      await row.waitFor();
      expect(await row.innerText()).not.toContain('Jamais');
      expect(await row.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      // The secret is never shown again.
      expect(await page.getByText(token).count()).toBe(0);

      await card.getByRole('button', { name: `Révoquer le jeton ${name}` }).click();
      await card.getByTestId('tokens-done').getByText('Jeton révoqué.').waitFor();
      expect(await card.getByTestId('token-row').filter({ hasText: name }).count()).toBe(0);
      expect(await getWith(page, 'api/commissions?size=1', token)).toBe(401);
    });
  });

  describe(`entries button at ${width} px`, () => {
    const signed = signedIn('courtier2');

    it('downloads the FEC file: 18 columns a line, balanced entries; a reversed period is refused', async () => {
      const { page, baseUrl } = signed.session;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      const token = await page.evaluate(() => sessionStorage.getItem('jhi-authenticationToken') ?? '');
      const latest = await page.evaluate(async (bearer) => {
        const response = await fetch('api/commissions?size=1&sort=mois,desc', {
          headers: { authorization: `Bearer ${bearer}` },
        });
        return ((await response.json()) as { mois: string }[])[0]!.mois.slice(0, 7);
      }, token);
      const from = `${Number(latest.slice(0, 4)) - 1}${latest.slice(4)}`;
      await page.goto(`${baseUrl}/#/commission`);
      await page.getByRole('button', { name: 'Écritures comptables' }).click();

      await page.getByLabel('Du mois').fill(latest);
      await page.getByLabel('Au mois (inclus)').fill(from);
      let downloads = 0;
      page.on('download', () => {
        downloads += 1;
      });
      await page.getByRole('button', { name: 'Télécharger' }).click();
      await page
        .getByTestId('entries-error')
        .getByText('Choisissez deux mois, le premier avant le second.')
        .waitFor();
      await screenshot(page, `entries-refused-${width}`);
      expect(downloads).toBe(0);

      await page.getByLabel('Du mois').fill(from);
      await page.getByLabel('Au mois (inclus)').fill(latest);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`ecritures-${from}-${latest}.txt`);
      const text = readFileSync(await download.path(), 'utf8');
      const lines = text.split('\r\n').slice(0, -1);
      expect(lines[0]!.split('\t').slice(0, 3)).toEqual(['JournalCode', 'JournalLib', 'EcritureNum']);
      for (const line of lines) expect(line.split('\t')).toHaveLength(18);
      const entries = validateFec(text, from, latest);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect(entry.debitCents).toBe(entry.creditCents);
      expect(await page.getByTestId('entries-error').count()).toBe(0);
    });
  });
}
