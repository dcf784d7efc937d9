import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { gridRowIds, watchConsole } from './lists.ts';
import { signedIn } from './signedIn.ts';

/**
 * The list lives in the address (docs/design.md §9). Leaving a list and coming Back,
 * reloading, and opening the address in another tab all show the same rows, count, sort, page
 * and columns.
 */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
  await page.locator('.ag-row').first().waitFor();
};

/** What a person reads of a list: the summary, the rows in order, the active page, the sorted headers. */
const listView = async (page: Page) => {
  await settled(page);
  return {
    summary: await page.getByTestId('list-summary').textContent(),
    rows: await gridRowIds(page),
    page: /\d+/.exec((await page.locator('.pagination .active').allTextContents())[0] ?? '1')?.[0],
    sorted: await page
      .locator('.ag-header-cell[aria-sort$="ending"]')
      .evaluateAll((cells) =>
        cells.map((cell) => `${cell.getAttribute('col-id')} ${cell.getAttribute('aria-sort')}`),
      ),
    headers: await page
      .locator('.ag-header-cell[col-id]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id'))),
  };
};

/** The browser's Back button (Playwright's goBack can wait for a load a hash change never fires). */
const back = (page: Page) => page.evaluate(() => history.back());

const hashQuery = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

describe('a list lives in its address', () => {
  const signed = signedIn('courtier');

  it('searches "dumont", opens a row, and Back shows the same rows and count', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police`);
    await settled(page);
    const all = await page.getByTestId('list-summary').textContent();
    await page.getByLabel('Recherche Globale').fill('dumont');
    await eventually(() => page.getByTestId('list-summary').textContent()).not.toBe(all);
    const before = await listView(page);
    expect(before.summary).toMatch(/^4 contrats sur 156$/);
    expect(hashQuery(page).get('q')).toBe('dumont');
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('tab', { name: 'Fiche Client', selected: true }).waitFor();
    await back(page);
    await page.getByRole('tab', { name: 'Liste', selected: true }).waitFor();
    expect(await listView(page)).toEqual(before);
    expect(await page.getByLabel('Recherche Globale').inputValue()).toBe('dumont');
    // The menu's link to the list is a fresh list again.
    await page.getByRole('button', { name: 'Entités' }).click();
    await page.getByRole('link', { name: 'Police', exact: true }).click();
    await eventually(() => page.getByTestId('list-summary').textContent()).toBe(all);
    expect(await page.getByLabel('Recherche Globale').inputValue()).toBe('');
    expect(signed.errors.errors()).toEqual([]);
  });

  it('keeps a filter, the sort, the page, the size and a column through a reload and in a new tab', async () => {
    const { page, baseUrl, browser } = signed.session;
    await page.goto(`${baseUrl}/#/police-assure`);
    await settled(page);
    await page.getByRole('button', { name: 'Plus de filtres...' }).click();
    await page.getByRole('textbox', { name: 'Code postal' }).fill('7');
    await settled(page);
    await page.locator('.ag-header-cell[col-id="nomprenom"] .ag-header-cell-label').click();
    await settled(page);
    await page.getByLabel('Lignes par page').selectOption('5');
    await settled(page);
    await page.getByRole('button', { name: 'Page suivante' }).first().click();
    await settled(page);
    await page.getByRole('button', { name: 'Informations' }).click();
    await page.getByRole('checkbox', { name: 'Ville', exact: true }).click();
    await page.keyboard.press('Escape');
    await eventually(() => page.locator('.ag-header-cell[col-id="ville"]').count()).toBe(1);
    const before = await listView(page);
    expect(before.page).toBe('2');
    expect(before.sorted).toEqual(['nomprenom ascending']);
    const query = hashQuery(page);
    expect(query.get('cp.startsWith')).toBe('7');
    expect(query.getAll('sort')).toEqual(['nomprenom,asc']);
    expect(query.get('page')).toBe('1');
    expect(query.get('size')).toBe('5');
    expect(query.get('columns')?.split(',')).toContain('ville');

    // Reloaded, the page is asked for with the account check, and that answer is the list's: once.
    const asked: string[] = [];
    const count = (request: { url(): string }) => {
      if (/\/api\/police-assures\?/.test(request.url())) asked.push(request.url());
    };
    page.on('request', count);
    await page.reload();
    expect(await listView(page)).toEqual(before);
    page.off('request', count);
    expect(asked).toHaveLength(1);
    await page.getByRole('button', { name: 'Plus de filtres...' }).click();
    expect(await page.getByRole('textbox', { name: 'Code postal' }).inputValue()).toBe('7');

    // Another tab with the pasted address (signed in the same way: the token of this tab).
    const address = page.url();
    const token = await page.evaluate(() => sessionStorage.getItem('jhi-authenticationToken'));
    const other = await page.context().newPage();
    const otherConsole = watchConsole(other);
    await other.addInitScript(
      (value) => sessionStorage.setItem('jhi-authenticationToken', value ?? ''),
      token,
    );
    await other.goto(address);
    expect(await listView(other)).toEqual(before);
    expect(otherConsole.errors()).toEqual([]);
    await other.close();
    expect(browser.isConnected()).toBe(true);
    expect(signed.errors.errors()).toEqual([]);
  });

  it('comes Back from a statement to the statements as they were (sort and page)', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await settled(page);
    await page.locator('.ag-header-cell[col-id="montant"] .ag-header-cell-label').click();
    await settled(page);
    await page.getByRole('button', { name: 'Page suivante' }).first().click();
    const before = await listView(page);
    expect(before.page).toBe('2');
    expect(before.sorted).toEqual(['montant ascending']);
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.waitForURL(/#\/mouvements\/\d+/);
    await page.getByRole('heading', { name: /^Bordereau de commission/ }).waitFor();
    await back(page);
    await page.waitForURL(/#\/commission\?/);
    expect(await listView(page)).toEqual(before);
    expect(signed.errors.errors()).toEqual([]);
  });
});
