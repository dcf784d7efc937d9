import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

const summary = (page: Page) => page.getByTestId('lines-summary').textContent();
const chips = (page: Page) => page.getByRole('list', { name: 'Filtres actifs' }).getByRole('listitem');

/** A statement's lines show their active filters as removable chips, as the lists do. */
describe("a statement's lines filter chips", () => {
  const signed = signedIn('courtier');

  it('shows a filter chosen in the panel as a chip with the filtered count; its remove button gives every line back', async () => {
    const { page, baseUrl } = signed.session;
    const [statement] = await apiJson<Array<{ idBordereau: number }>>(
      page,
      'api/commissions?page=0&size=1&sort=mois,desc&typeBordereau.in=Définitif',
    );
    await page.goto(`${baseUrl}/#/mouvements/${statement?.idBordereau}?tab=lines`);
    await page.getByTestId('lines-summary').waitFor();
    await eventually(() => summary(page)).toMatch(/^\d+ mouvements$/);
    const all = (await summary(page)) ?? '';
    expect(await page.getByRole('list', { name: 'Filtres actifs' }).count()).toBe(0);

    // A line's surname (the server's first line), typed in the panel's Nom filter.
    const [line] = await apiJson<Array<{ nomprenom: string | null }>>(
      page,
      `api/mouvements/${statement?.idBordereau}?page=0&size=1&sort=nomprenom,asc`,
    );
    const name = line?.nomprenom ?? '';
    const surname = name.trim().split(/\s+/)[0] ?? '';
    expect(surname).not.toBe('');
    const answer = page.waitForResponse(
      (r) => r.url().includes(`/api/mouvements/${statement?.idBordereau}?`) && r.url().includes('nomprenom.'),
    );
    await page.getByRole('button', { name: 'Plus de filtres...' }).click();
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(surname);
    const filtered = Number((await answer).headers()['x-total-count']);
    expect(filtered).toBeGreaterThan(0);
    expect(`${filtered} mouvements`).not.toBe(all);

    await eventually(() => chips(page).count()).toBe(1);
    expect((await chips(page).first().textContent())?.replace(/\s+/g, ' ')).toMatch(
      new RegExp(`^Nom prénom : .*${surname}`),
    );
    // French plural: one line is '1 mouvement'.
    await eventually(() => summary(page)).toBe(`${filtered} mouvement${filtered > 1 ? 's' : ''}`);
    await screenshot(page, 'details-lines-chip-1280');

    await chips(page).first().getByRole('button', { name: 'Retirer le filtre Nom prénom' }).click();
    await eventually(() => summary(page)).toBe(all);
    expect(await page.getByRole('list', { name: 'Filtres actifs' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Nom', exact: true }).inputValue()).toBe('');
    expect(new URL(page.url()).hash).not.toContain('nomprenom');
    expect(signed.errors.errors()).toEqual([]);
  });
});
