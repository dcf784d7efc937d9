import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { eventually } from './eventually.ts';

/**
 * What lists' walks read: the rows an AG Grid shows (in the order shown), the same rows as
 * the server answers them, and the console errors of a page.
 */

/** Row ids of a grid, in the order shown (the pinned eye column repeats a row: counted once). */
export const gridRowIds = (page: Page) =>
  page.locator('.ag-row[row-id]').evaluateAll((rows) => {
    const byIndex = new Map<number, string>();
    for (const row of rows)
      byIndex.set(Number(row.getAttribute('row-index')), row.getAttribute('row-id') ?? '');
    return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
  });

/** The rows a list shows, in order: its cards on a phone (under 576 px), its grid otherwise. */
export const shownRows = (page: Page, width: number) =>
  width < 576
    ? page
        .locator('[data-row-id]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-row-id') ?? ''))
    : gridRowIds(page);

/** The texts of one column of a grid, in the order shown. */
export const gridColumn = (page: Page, colId: string) =>
  page.locator(`.ag-row[row-index]:has([col-id="${colId}"])`).evaluateAll(
    (rows, col) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('row-index')),
          text: row.querySelector(`[col-id="${col}"]`)?.textContent?.trim() ?? '',
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.text),
    colId,
  );

/** The signed-in page's own call to the API (its token), as JSON. */
export const apiJson = async <T>(page: Page, url: string): Promise<T> =>
  page.evaluate(async (target) => {
    const token =
      sessionStorage.getItem('jhi-authenticationToken') ?? localStorage.getItem('jhi-authenticationToken');
    const response = await fetch(target, { headers: { authorization: `Bearer ${token ?? ''}` } });
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    return response.json();
  }, url) as Promise<T>;

/** The `sort` parameters of a request, in order. */
export const sortOf = (request: Request) => new URL(request.url()).searchParams.getAll('sort');

/**
 * Does `act` (a header click), waits for the list request it causes and returns it once the
 * page has settled on its answer.
 */
export const listRequest = async (page: Page, path: RegExp, act: () => Promise<void>) => {
  const request = page.waitForRequest((r) => path.test(new URL(r.url()).pathname));
  await act();
  const sent = await request;
  await sent.response();
  await page.waitForLoadState('networkidle');
  await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
  return sent;
};

/** 'dd/MM/yyyy' → 'yyyy-MM-dd' (empty stays empty), to compare dates in order. */
export const isoDate = (text: string) => text.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$2-$1');

/** '1 234,56 €' or '12,5 %' → 1234.56, 12.5. */
export const frNumber = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

/** Asserts values are in ascending or descending order (empty values where the server puts them: last asc, first desc). */
export const expectOrdered = <T>(values: readonly T[], dir: 'asc' | 'desc', empty: (v: T) => boolean) => {
  const present = values.filter((v) => !empty(v));
  const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(present).toEqual(dir === 'asc' ? sorted : sorted.reverse());
};

/** Console errors and failed page scripts of a page, collected from now on. */
export const watchConsole = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The favicon is another helper's point: its 404 is not a list's error.
  page.on('response', (response) => {
    if (response.status() >= 400 && !new URL(response.url()).pathname.endsWith('/favicon.ico'))
      errors.push(`${response.status()} ${response.url()}`);
  });
  return {
    // A failed resource is reported by its response above (the favicon's left out).
    errors: () => errors.filter((error) => !error.startsWith('Failed to load resource')),
  };
};
