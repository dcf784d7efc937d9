import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/**
 * At 1280 px: columns added with 'Informations' come into view, police number, name
 * and commission type are never cut, every text cell carries its full text for hover, and the
 * last row is above the horizontal scrollbar.
 */
const cutCells = (page: Page, colId: string) =>
  page
    .locator(`.ag-row .ag-cell[col-id="${colId}"]`)
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth || (cell.textContent ?? '').trim() === '…')
        .map((cell) => cell.textContent),
    );

const cellTexts = (page: Page, colId: string) =>
  page.locator(`.ag-row .ag-cell[col-id="${colId}"]`).allTextContents();

/** The last row's bottom against the grid's bottom and, when it shows, the horizontal scrollbar's top. */
const lastRowClearance = (page: Page) =>
  page.locator('.data-grid').evaluate((grid) => {
    const rows = [...grid.querySelectorAll('.ag-row[row-index]')];
    const last = Math.max(...rows.map((row) => Number(row.getAttribute('row-index'))));
    const bottom = Math.max(
      ...rows
        .filter((row) => Number(row.getAttribute('row-index')) === last)
        .map((row) => row.getBoundingClientRect().bottom),
    );
    const scrollbar = grid.querySelector('.ag-body-horizontal-scroll')?.getBoundingClientRect();
    const scrolls = grid.querySelector('.ag-grid-viewport, .ag-body-viewport') as HTMLElement | null;
    return {
      belowGrid: grid.getBoundingClientRect().bottom - bottom,
      belowScrollbar: scrollbar === undefined || scrollbar.height === 0 ? 0 : scrollbar.top - bottom,
      sideways: scrolls === null ? false : scrolls.scrollWidth > scrolls.clientWidth,
    };
  });

describe('readable list columns at 1280 px', () => {
  const signed = signedIn('courtier');

  it('shows the columns added with Informations, uncut, with the last row clear of the scrollbar', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police`);
    await page.locator('.ag-row').first().waitFor();
    for (const column of ['Police', 'Mode commissionnement', 'Statut', 'Ville', 'Cotisation TTC']) {
      await page.getByRole('button', { name: 'Informations' }).click();
      await page.getByRole('checkbox', { name: column, exact: true }).click();
      await page.keyboard.press('Escape');
      // Each column just added is in view, inside the grid's visible width.
      const header = page.locator('.ag-header-cell', { hasText: column }).first();
      await eventually(async () => {
        const grid = await page.locator('.data-grid').boundingBox();
        const box = await header.boundingBox();
        return (
          box !== null && grid !== null && box.x >= grid.x && box.x + box.width <= grid.x + grid.width + 1
        );
      }).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'columns-1280-police');
    for (const colId of ['police', 'nomprenom', 'modeCommissionnement']) {
      expect((await cellTexts(page, colId)).filter((text) => text.trim() !== '').length).toBeGreaterThan(0);
      expect(await cutCells(page, colId), colId).toEqual([]);
    }
    // What a cell shows is also in its title, for a column the user narrows.
    const titled = await page
      .locator('.ag-row .ag-cell[col-id="nomprenom"] [title]')
      .evaluateAll((spans) => spans.map((span) => [span.getAttribute('title'), span.textContent]));
    expect(titled.length).toBeGreaterThan(0);
    for (const [title, text] of titled) expect(title).toBe(text);
    const clearance = await lastRowClearance(page);
    expect(clearance.sideways).toBe(true);
    expect(clearance.belowGrid).toBeGreaterThanOrEqual(0);
    expect(clearance.belowScrollbar).toBeGreaterThanOrEqual(0);
    expect(signed.errors.errors()).toEqual([]);
  });

  it("never cuts a statement line's police, name or commission type", async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('button', { name: 'Afficher détail' }).click();
    await page.getByTestId('lines-summary').waitFor();
    await page.getByLabel('Lignes par page').selectOption('100');
    // The grid redraws its rows for the new page size: wait for the redrawn rows, not the old ones.
    const linesCount = async () =>
      Number((await page.getByTestId('lines-summary').textContent())?.replace(/\D/g, ''));
    await eventually(linesCount).toBeGreaterThan(1);
    const count = await linesCount();
    await eventually(async () => (await cellTexts(page, 'police')).length).toBe(Math.min(count, 100));
    await screenshot(page, 'columns-1280-statement-lines');
    for (const colId of ['police', 'nomprenom', 'libelleMouvement']) {
      expect((await cellTexts(page, colId)).length).toBe(Math.min(count, 100));
      expect(await cutCells(page, colId), colId).toEqual([]);
    }
    const kinds = new Set((await cellTexts(page, 'libelleMouvement')).map((text) => text.trim()));
    expect(kinds.size).toBeGreaterThan(1);
    const clearance = await lastRowClearance(page);
    expect(clearance.belowGrid).toBeGreaterThanOrEqual(0);
    expect(clearance.belowScrollbar).toBeGreaterThanOrEqual(0);
    expect(signed.errors.errors()).toEqual([]);
  });
});
