import { describe, expect, it } from 'vitest';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/** Statements as `courtier`: list, detail tabs, Fiche Client, Retour liste keeping the page. */
describe('statements walk', () => {
  const signed = signedIn('courtier');

  it('lists 12 statements per page with the total excluding forecasts and a forecast badge', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    expect(await page.locator('.ag-row [data-view-row]').count()).toBe(12);
    expect(await page.getByTestId('list-summary').textContent()).toMatch(
      /^\d+ bordereaux - montant total versé à ce jour \(hors prévisionnel\) : [\d\s\u00a0\u202f]+,\d\d\u00a0€$/,
    );
    expect(await page.locator('.ag-row .badge', { hasText: 'Prévisionnel' }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Lignes par page').inputValue()).toBe('12');
  });

  it('opens a statement from page 2 with its recap, then the lines, a client and back to the same list page', async () => {
    const { page } = signed.session;
    await page.getByRole('button', { name: 'Page suivante' }).first().click();
    await page.locator('.ag-row [data-view-row]').first().waitFor();
    await page.locator('.ag-row [data-view-row]').nth(1).click();
    await page.waitForURL(/#\/mouvements\/\d+\?first=12$/);
    await page.getByRole('heading', { name: /^Bordereau de commission de \d\d\/\d{4}/ }).waitFor();
    expect(await page.getByTestId('total-versement').textContent()).toMatch(/€$/);
    await screenshot(page, 'courtier-statement-summary');
    await page.getByRole('button', { name: 'Afficher détail' }).click();
    await page.getByTestId('lines-summary').waitFor();
    expect(await page.getByTestId('lines-summary').textContent()).toMatch(/^\d+ mouvements$/);
    await page.locator('.ag-row').first().waitFor();
    await screenshot(page, 'courtier-statement-lines');
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
    await screenshot(page, 'courtier-statement-client');
    await page.getByRole('button', { name: 'Retour' }).first().click();
    await page.getByTestId('lines-summary').waitFor();
    await page.getByRole('button', { name: 'Retour' }).first().click();
    await page.getByRole('button', { name: 'Retour liste' }).click();
    // 'Retour liste' comes with `first=12`; the list then writes its address (page 1, 0-based).
    await page.waitForURL(/#\/commission\?(first=12|page=1)$/);
    await page.locator('.ag-row').first().waitFor();
    expect(await page.locator('.pagination .active').first().textContent()).toContain('2');
  });
});
