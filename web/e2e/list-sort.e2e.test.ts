import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import {
  apiJson,
  expectOrdered,
  frNumber,
  gridColumn,
  gridRowIds,
  isoDate,
  listRequest,
  sortOf,
} from './lists.ts';
import { signedIn } from './signedIn.ts';

/**
 * A header click asks the server for that order, shift-click adds a column, and
 * the rows shown are the server's rows in that order, on every sorted list. Each step checks
 * the request's `sort`, the rows against the server's answer for it, the column's values in
 * order, and the arrow (and rank) in the header.
 */
interface Step {
  /** The column clicked (its col-id). */
  readonly field: string;
  readonly shift?: boolean;
  readonly sort: readonly string[];
  /** The sorted column (col-id) and how to compare its texts. */
  readonly column?: { readonly id: string; readonly value: (text: string) => string | number };
}

const clickHeader = (page: Page, field: string, shift: boolean) =>
  page
    .locator(`.ag-header-cell[col-id="${field}"] .ag-header-cell-label`)
    .click(shift ? { modifiers: ['Shift'] } : {});

/** Walks the steps on the grid shown, comparing each answer with the rows as the server sends them. */
const walkGridSort = async (
  page: Page,
  path: RegExp,
  key: (row: Record<string, unknown>) => unknown,
  steps: Step[],
) => {
  for (const step of steps) {
    const request = await listRequest(page, path, () => clickHeader(page, step.field, step.shift ?? false));
    expect(sortOf(request), step.field).toEqual(step.sort);
    const rows = await apiJson<Array<Record<string, unknown>>>(page, request.url());
    expect(rows.length).toBeGreaterThan(1);
    await eventually(() => gridRowIds(page)).toEqual(rows.map((row) => String(key(row))));
    if (step.column !== undefined) {
      const dir = step.sort.at(-1)?.endsWith('desc') ? 'desc' : 'asc';
      const values = (await gridColumn(page, step.column.id)).map(step.column.value);
      expectOrdered(values, dir, (v) => v === '' || Number.isNaN(v));
    }
    // The arrow on every sorted column and, with several, its rank.
    for (const [index, order] of step.sort.entries()) {
      const [field, dir] = order.split(',');
      const cell = page.locator(`.ag-header-cell[col-id="${field}"]`);
      expect(await cell.getAttribute('aria-sort')).toBe(dir === 'asc' ? 'ascending' : 'descending');
      if (step.sort.length > 1)
        expect((await cell.locator('.ag-sort-order').textContent())?.trim()).toBe(String(index + 1));
    }
  }
};

const date = (id: string) => ({ id, value: isoDate });
const number = (id: string) => ({ id, value: (text: string) => (text === '' ? '' : frNumber(text)) });

describe('sorting every list by the server', () => {
  const signed = signedIn('courtier');

  it('sorts the portfolio: asc, desc, then a second column with shift', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police`);
    await page.locator('.ag-row').first().waitFor();
    await walkGridSort(page, /\/api\/police$/, (row) => row.idPolice, [
      { field: 'dateEffet', sort: ['dateEffet,asc'], column: date('dateEffet') },
      { field: 'dateEffet', sort: ['dateEffet,desc'], column: date('dateEffet') },
      { field: 'risque', shift: true, sort: ['dateEffet,desc', 'risque,asc'] },
    ]);
    expect(signed.errors.errors()).toEqual([]);
  });

  it('sorts the insured persons', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police-assure`);
    await page.locator('.ag-row').first().waitFor();
    await walkGridSort(page, /\/api\/police-assures$/, (row) => row.idAssure ?? row.idPolice, [
      { field: 'age', sort: ['age,asc'], column: number('age') },
      { field: 'age', sort: ['age,desc'], column: number('age') },
      { field: 'nomprenom', shift: true, sort: ['age,desc', 'nomprenom,asc'] },
    ]);
    expect(signed.errors.errors()).toEqual([]);
  });

  it('sorts the statements', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    await walkGridSort(page, /\/api\/commissions$/, (row) => row.idBordereau, [
      { field: 'montant', sort: ['montant,asc'], column: number('montant') },
      { field: 'montant', sort: ['montant,desc'], column: number('montant') },
      { field: 'typeBordereau', shift: true, sort: ['montant,desc', 'typeBordereau,asc'] },
    ]);
    expect(signed.errors.errors()).toEqual([]);
  });

  it("sorts a statement's lines", async () => {
    const { page } = signed.session;
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('button', { name: 'Afficher détail' }).click();
    await page.getByTestId('lines-summary').waitFor();
    await page.locator('.ag-row').first().waitFor();
    await walkGridSort(page, /\/api\/mouvements\/\d+$/, (row) => row.id, [
      { field: 'montant', sort: ['montant,asc'], column: number('montant') },
      { field: 'montant', sort: ['montant,desc'], column: number('montant') },
      { field: 'police', shift: true, sort: ['montant,desc', 'police,asc'] },
    ]);
    expect(signed.errors.errors()).toEqual([]);
  });
});

/** The admin's plain tables: the same header rules (click, click again, shift-click). */
describe('sorting the admin tables by the server', () => {
  const signed = signedIn('admin');

  const tableColumn = (page: Page, index: number) =>
    page
      .locator('main table tbody tr')
      .evaluateAll(
        (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent?.trim() ?? ''),
        index,
      );

  const walkTableSort = async (
    page: Page,
    path: RegExp,
    key: (row: Record<string, unknown>) => string,
    keyColumn: number,
    steps: Array<{ header: string; shift?: boolean; sort: string[] }>,
  ) => {
    for (const step of steps) {
      const request = await listRequest(page, path, () =>
        page
          .locator('main thead')
          .getByRole('button', { name: step.header })
          .click(step.shift ? { modifiers: ['Shift'] } : {}),
      );
      expect(sortOf(request), step.header).toEqual(step.sort);
      const rows = await apiJson<Array<Record<string, unknown>>>(page, request.url());
      expect(rows.length).toBeGreaterThan(1);
      await eventually(() => tableColumn(page, keyColumn)).toEqual(rows.map(key));
      const sorted = page.locator('main thead th[aria-sort$="ending"]');
      expect(await sorted.count()).toBe(step.sort.length);
      if (step.sort.length > 1)
        expect(await page.locator('main thead [data-sort-rank]').allTextContents()).toEqual(
          step.sort.map((_, i) => String(i + 1)),
        );
    }
  };

  it('sorts the users', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/user-management`);
    await page.locator('main table tbody tr').first().waitFor();
    await walkTableSort(page, /\/api\/users$/, (row) => String(row.login), 1, [
      { header: 'Login', sort: ['login,asc'] },
      { header: 'Login', sort: ['login,desc'] },
      { header: 'E-mail', shift: true, sort: ['login,desc', 'email,asc'] },
    ]);
    const logins = await tableColumn(page, 1);
    expect(logins).toEqual([...logins].sort().reverse());
    expect(signed.errors.errors()).toEqual([]);
  });

  it('sorts the audits', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/audits`);
    await page.locator('main table tbody tr').first().waitFor();
    await walkTableSort(page, /\/management\/audits$/, (row) => String(row.principal), 1, [
      { header: 'Utilisateur', sort: ['principal,asc'] },
      { header: 'Utilisateur', sort: ['principal,desc'] },
      { header: 'État', shift: true, sort: ['principal,desc', 'type,asc'] },
    ]);
    const users = await tableColumn(page, 1);
    expect(users).toEqual([...users].sort().reverse());
    expect(signed.errors.errors()).toEqual([]);
  });
});
