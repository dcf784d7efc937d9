import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson, gridRowIds } from './lists.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/**
 * A wholesaler's statement list, 'Courtier' filter: its menu holds every broker of the
 * wholesaler's statements (asked of the server), not only the brokers of the page on screen, and
 * still offers the others once one is chosen.
 */
describe("the statements' courtier filter as a wholesaler", () => {
  const signed = signedIn('grossiste');

  const menu = async () => {
    const { page } = signed.session;
    const courtier = page.getByRole('combobox', { name: 'Courtier', exact: true });
    await courtier.focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ms__option').first().waitFor();
    const names = await page.locator('.ms__option').allTextContents();
    await page.keyboard.press('Escape');
    return names;
  };

  it("offers every broker of the wholesaler's statements, before and after one is chosen", async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    const brokers = (await apiJson<{ value: string }[]>(page, '/api/commissions/distinct/courtier')).map(
      (choice) => choice.value,
    );
    expect(brokers.length).toBeGreaterThan(1);
    expect(await menu()).toEqual(brokers);

    // Choose the last broker: the list shows only its statements, the menu still every broker.
    const chosen = brokers.at(-1) ?? '';
    const courtier = page.getByRole('combobox', { name: 'Courtier', exact: true });
    await courtier.focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ms__option', { hasText: chosen }).click();
    await page.keyboard.press('Escape');
    const own = await apiJson<{ idBordereau: number }[]>(
      page,
      `/api/commissions?courtier.in=${encodeURIComponent(chosen)}&size=12&sort=mois,desc&sort=idBordereau,desc`,
    );
    expect(own.length).toBeGreaterThan(0);
    await eventually(() => page.getByTestId('list-summary').textContent()).toMatch(/^\d+ bordereaux/);
    await eventually(() => gridRowIds(page)).toEqual(own.map((row) => String(row.idBordereau)));
    await screenshot(page, 'grossiste-statements-courtier-filter');
    expect((await menu()).filter((name) => name !== chosen)).toEqual(brokers.slice(0, -1));
  });
});
