import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gridColumn } from './lists.ts';
import { signedIn } from './signedIn.ts';

/**
 * An export reads like the screen it came from: a statement's month `12/2026` (not
 * `01/12/2026`), a line's rate `12 %` (not `0,120000`). The file 'Exporter' downloads is
 * compared cell by cell with the grid's column, row by row, in the grid's order.
 */
const exported = async (page: Page) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter' }).click(),
  ]);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = text.split('\r\n').filter((line) => line !== '');
  const columns = header!.split(';');
  return (label: string) => {
    const index = columns.indexOf(label);
    expect(index, `${label} in ${header}`).toBeGreaterThanOrEqual(0);
    return rows.map((row) => row.split(';')[index]);
  };
};

describe('exports read like the screen', () => {
  const signed = signedIn('courtier');

  it("exports the statements' months as shown (MM/yyyy)", async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    const shown = await gridColumn(page, 'mois');
    expect(shown[0]).toMatch(/^\d\d\/\d{4}$/);
    const column = await exported(page);
    expect(column('Mois comptable').slice(0, shown.length)).toEqual(shown);
  });

  it("exports a statement's line rates as shown (12 %)", async () => {
    const { page } = signed.session;
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('button', { name: 'Afficher détail' }).click();
    await page.getByTestId('lines-summary').waitFor();
    await page.locator('.ag-row').first().waitFor();
    const shown = await gridColumn(page, 'taux');
    expect(shown.some((text) => /^\d+(,\d{1,2})?\u00a0%$/.test(text))).toBe(true);
    const column = await exported(page);
    expect(column('Taux').slice(0, shown.length)).toEqual(shown);
    expect(signed.errors.errors()).toEqual([]);
  });
});
