import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson, gridRowIds, listRequest, sortOf } from './lists.ts';
import { signedIn } from './signedIn.ts';

/**
 * What a keyboard and screen-reader user meets on the lists and the client file: Enter on a
 * column header sorts and leaves the focus on that header (it fell to the page body, 16 Tabs
 * away); the pager speaks French; every page has one `<h1>`, the eye column's header has a
 * name, and the Commissions card's definition list holds only its terms and values.
 */

/** The col-id of the header holding the focus, or the focused element's tag. */
const focusedHeader = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.closest('.ag-header-cell')?.getAttribute('col-id') ?? element?.tagName ?? '';
  });

/** axe-core's rules for these points, whatever their impact (the suite's axe check keeps serious ones only). */
const RULES = ['page-has-heading-one', 'empty-table-header', 'definition-list', 'dlitem'];

const ruleViolations = async (page: Page) => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, RULES);
};

describe('keyboard and screen reader', () => {
  const signed = signedIn('courtier');

  it('keeps the focus on a column header that Enter sorted, both ways', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/police`);
    await page.locator('.ag-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ag-header-cell[col-id="dateEffet"]').focus();
    for (const dir of ['asc', 'desc']) {
      const request = await listRequest(page, /\/api\/police$/, () => page.keyboard.press('Enter'));
      expect(sortOf(request)).toEqual([`dateEffet,${dir}`]);
      const rows = await apiJson<Array<{ idPolice: number }>>(page, request.url());
      await eventually(() => gridRowIds(page)).toEqual(rows.map((row) => String(row.idPolice)));
      expect(await focusedHeader(page)).toBe('dateEffet');
    }
    // The next Tab stays in the grid's header, not back at the top of the page.
    await page.keyboard.press('ArrowRight');
    expect(await focusedHeader(page)).toBe('dateResil');
  });

  it('speaks the pager in French', async () => {
    const { page } = signed.session;
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const spoken = await pager.ariaSnapshot();
    for (const english of ['First', 'Previous', 'Next', 'Last', 'current'])
      expect(spoken, spoken).not.toContain(english);
    expect(spoken).toContain('Première page');
    expect(spoken).toContain('Page précédente');
    expect(spoken).toContain('Page suivante');
    expect(spoken).toContain('Dernière page');
    // The current page is announced as such.
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('1 (page actuelle)');
    expect(spoken).toContain('(page actuelle)');
  });

  it('names the eye column and gives the list one h1', async () => {
    const { page } = signed.session;
    expect(await page.getByRole('columnheader', { name: 'Voir' }).count()).toBe(1);
    // The page's heading is what its tab says.
    expect(await page.locator('h1').allTextContents()).toEqual([await page.title()]);
    expect(await page.title()).toBe('Votre Portefeuille');
    expect(await ruleViolations(page)).toEqual([]);
  });

  it('keeps the Commissions card a valid definition list, with one h1 on the client file', async () => {
    const { page } = signed.session;
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('heading', { name: 'Commissions' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    expect(await ruleViolations(page)).toEqual([]);
  });

  it('gives a policy on its own page and a dialog reached directly one h1 each', async () => {
    const { page, baseUrl } = signed.session;
    const [policy] = await apiJson<Array<{ idPolice: number; police: string }>>(
      page,
      `${baseUrl}/api/police?size=1`,
    );
    await page.goto(`${baseUrl}/#/police/${policy!.idPolice}`);
    await page.getByRole('heading', { name: 'Commissions' }).waitFor();
    const headings = await page.locator('h1').allTextContents();
    expect(headings).toHaveLength(1);
    expect(headings[0]).toContain(policy!.police);
    expect(await ruleViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/#/commission-mouvement/${policy!.idPolice}/view`);
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('h1').allTextContents()).toEqual([await page.title()]);
  });

  it('gives the timeline, the statements and the insured persons one h1 each', async () => {
    const { page, baseUrl } = signed.session;
    for (const [path, title] of [
      ['timeline', 'Tableau de bord'],
      ['commission', 'Vos bordereaux de commissions'],
      ['police-assure', 'Vos assurés'],
    ] as const) {
      await page.goto(`${baseUrl}/#/${path}`);
      await page.waitForLoadState('networkidle');
      await eventually(() => page.locator('h1').allTextContents()).toEqual([title]);
      expect(await page.title()).toBe(title);
      expect(await ruleViolations(page), path).toEqual([]);
    }
    expect(signed.errors.errors()).toEqual([]);
  });
});
