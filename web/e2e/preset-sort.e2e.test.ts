import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson, gridRowIds, sortOf } from './lists.ts';
import { signedIn } from './signedIn.ts';

/**
 * A preset with its own sort (docs/product.md §4: "Contrats sans effet" by Date enregistr. résil.
 * descending) asks the server once, with that sort, and shows the rows in that order. The grid used
 * to report the sort it lost (on a column not shown) as "no sort", and the list asked again with
 * the default `dateCreation,desc`.
 */
describe('a preset with its own sort', () => {
  const signed = signedIn('courtier');

  it('asks once for "Contrats sans effet" by Date enregistr. résil. descending and shows that order', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police`);
    await page.locator('.ag-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    const requests: Request[] = [];
    const record = (request: Request) => {
      if (new URL(request.url()).pathname === '/api/police') requests.push(request);
    };
    page.on('request', record);
    await page.getByLabel('Filtre prédéfini').selectOption({ label: 'Contrats sans effet' });
    await eventually(() => requests.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
    page.off('request', record);

    expect(requests.map(sortOf)).toEqual([['dateEnregistrementResil,desc']]);
    const url = new URL(requests[0]!.url());
    expect(url.searchParams.get('preset')).toBe('SEF');
    const rows = await apiJson<Array<{ idPolice: number; dateEnregistrementResil: string | null }>>(
      page,
      url.toString(),
    );
    expect(rows.length).toBeGreaterThan(1);
    const dates = rows.map((row) => row.dateEnregistrementResil ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    await eventually(() => gridRowIds(page)).toEqual(rows.map((row) => String(row.idPolice)));
    // A reload (the address holds the preset) asks once again for the same order.
    requests.length = 0;
    page.on('request', record);
    await page.reload();
    await page.locator('.ag-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    expect(requests.map(sortOf)).toEqual([['dateEnregistrementResil,desc']]);
    await eventually(() => gridRowIds(page)).toEqual(rows.map((row) => String(row.idPolice)));
    expect(signed.errors.errors()).toEqual([]);
  });
});
