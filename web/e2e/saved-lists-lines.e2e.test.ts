import type { CommissionMovement } from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { apiJson, shownRows } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import {
  applySavedList,
  deleteSavedLists,
  makeOnlySavedListDefault,
  saveCurrentList,
  savedFilters,
} from './savedLists.ts';

/**
 * Saved lists on a statement's lines (docs/insight.md), as `courtier2` at 1280 and 390 px: lines
 * filtered by address and sorted on screen survive a reload; saved, then applied on a fresh open
 * of the statement, they are the same lines in the same order; Back returns to the lines before;
 * made the default, they are what the lines tab opens with. Screenshots
 * `test-output/screenshots/saved-lists-lines-w<width>.png`.
 */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [1280, 390] as const) {
  describe(`saved lists on a statement's lines at ${width} px`, () => {
    let session: Session;
    let id = 0;
    let kind = '';
    let bare: string[];
    let saved: string[];
    /** The lines shown, once the list settled. */
    const lines = async () => {
      const { page } = session;
      await page.waitForLoadState('networkidle');
      await page
        .locator(width < 576 ? '[data-row-id]' : '.ag-row[row-id]')
        .first()
        .waitFor();
      await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
      return shownRows(page, width);
    };
    /** A fresh open of the statement (as from the statement list's 12-a-page second page), then its lines. */
    const openFresh = async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/commission`);
      await page.locator('[data-view-row]').first().waitFor();
      await page.goto(`${baseUrl}/#/mouvements/${id}?first=12`);
      await page.getByRole('button', { name: 'Afficher détail' }).click();
      await page.waitForURL(/\?first=12&tab=lines/);
    };
    const sortByAmount = () =>
      width < 576
        ? session.page.getByLabel('Trier par').selectOption('montant')
        : session.page.locator('.ag-header-cell[col-id="montant"] .ag-header-cell-label').click();

    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: 844 });
      await signInQuickly(session, 'courtier2');
      await deleteSavedLists(session.page, 'mouvements');
      const [statement] = await apiJson<Array<{ idBordereau: number }>>(
        session.page,
        'api/commissions?size=1&sort=nb,desc',
      );
      id = statement!.idBordereau;
      // The commission type of most lines, short of all of them.
      const all = await apiJson<CommissionMovement[]>(session.page, `api/mouvements/${id}?size=10000`);
      const counts = new Map<string, number>();
      for (const line of all)
        counts.set(line.libelleMouvement ?? '', (counts.get(line.libelleMouvement ?? '') ?? 0) + 1);
      kind = [...counts.entries()]
        .filter(([value, n]) => value !== '' && n > 1 && n < all.length)
        .sort(([, a], [, b]) => b - a)[0]![0];
    }, 60_000);
    afterAll(async () => {
      if (session) await deleteSavedLists(session.page, 'mouvements');
      await session?.close();
    });

    it('keeps filtered, sorted lines through a reload, and applied on a fresh open shows them again', async () => {
      const { page, baseUrl } = session;
      const filter = `lines.libelleMouvement.in=${encodeURIComponent(kind)}`;
      await page.goto(`${baseUrl}/#/mouvements/${id}?first=12&tab=lines&${filter}`);
      await lines();
      await sortByAmount();
      await page.waitForURL(/lines\.sort=montant%2Casc|lines\.sort=montant,asc/);
      const expected = await apiJson<CommissionMovement[]>(
        page,
        `api/mouvements/${id}?libelleMouvement.in=${encodeURIComponent(kind)}&sort=montant,asc&size=10`,
      );
      await eventually(lines).toEqual(expected.map((line) => String(line.id)));
      saved = await lines();
      expect(saved.length).toBeGreaterThan(1);
      await page.reload();
      await eventually(lines).toEqual(saved);

      await saveCurrentList(page, `Lignes ${kind}`);
      const [stored] = await savedFilters(page, 'mouvements');
      // The lines' own state with the API's names: not the statement's `first`, nor the tab.
      expect(Object.fromEntries(new URLSearchParams(stored?.query))).toEqual({
        'libelleMouvement.in': kind,
        sort: 'montant,asc',
      });

      await openFresh();
      bare = await lines();
      expect(bare.length).toBeGreaterThan(1);
      expect(bare).not.toEqual(saved);
      await applySavedList(page, `Lignes ${kind}`);
      await page.waitForURL(/\?first=12&tab=lines&lines\./);
      await eventually(lines).toEqual(saved);
      await screenshot(page, `saved-lists-lines-w${width}`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('Back after applying returns to the lines before', async () => {
      const { page } = session;
      await page.goBack();
      await page.waitForURL(/\?first=12&tab=lines$/);
      await eventually(lines).toEqual(bare);
      expect(session.pageErrors).toEqual([]);
    });

    it('made the default, it is what the lines tab opens with', async () => {
      const { page } = session;
      await makeOnlySavedListDefault(page, 'mouvements');
      await openFresh();
      await page.waitForURL(/lines\.sort=/);
      await eventually(lines).toEqual(saved);
      expect(session.pageErrors).toEqual([]);
    });
  });
}
