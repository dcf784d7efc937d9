import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import {
  applySavedList,
  deleteSavedLists,
  makeOnlySavedListDefault,
  saveCurrentList,
  savedFilters,
} from './savedLists.ts';

/**
 * Saved lists on the timeline (docs/insight.md), as `courtier2` at 1280 and 390 px: remove an
 * event type, save, reset, apply (the same events), Back to the events before; made the default,
 * the bare timeline opens with it. Screenshots `test-output/screenshots/saved-lists-timeline-w<width>.png`.
 */
const events = (page: Page) => page.locator('section[aria-labelledby="events-heading"] tbody tr');
/** The events shown, each row's text, once the list settled. */
const shownEvents = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await events(page).first().waitFor();
  return events(page).allTextContents();
};
const typesShown = async (page: Page) =>
  new Set(
    await page
      .locator('tbody [data-event-type]')
      .evaluateAll((spans) => spans.map((span) => span.getAttribute('data-event-type'))),
  );
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [1280, 390] as const) {
  describe(`saved lists on the timeline at ${width} px`, () => {
    let session: Session;
    let bare: string[];
    let filtered: string[];
    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: 844 });
      await signInQuickly(session, 'courtier2');
      await deleteSavedLists(session.page, 'timeline');
    }, 60_000);
    afterAll(async () => {
      if (session) await deleteSavedLists(session.page, 'timeline');
      await session?.close();
    });

    it('saves the events without a type; after a reset, applying it shows the same events', async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/timeline`);
      bare = await shownEvents(page);
      const removed = await events(page).first().locator('[data-event-type]').getAttribute('data-event-type');
      await page.getByRole('button', { name: new RegExp(`^Remove ${removed}`) }).click();
      await page.waitForURL(/#\/timeline\?typeMessage\.in=/);
      await eventually(async () => (await typesShown(page)).has(removed)).toBe(false);
      filtered = await shownEvents(page);
      expect(filtered).not.toEqual(bare);

      await saveCurrentList(page, `Sans ${removed}`);
      const [stored] = await savedFilters(page, 'timeline');
      expect(stored?.name).toBe(`Sans ${removed}`);
      const types = new URLSearchParams(stored?.query).get('typeMessage.in')?.split(',');
      expect(types?.length).toBeGreaterThan(0);
      expect(types).not.toContain(removed);

      await page.goto(`${baseUrl}/#/timeline`);
      await eventually(() => shownEvents(page)).toEqual(bare);
      await applySavedList(page, `Sans ${removed}`);
      await page.waitForURL(/#\/timeline\?typeMessage\.in=/);
      await eventually(() => shownEvents(page)).toEqual(filtered);
      await screenshot(page, `saved-lists-timeline-w${width}`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('Back after applying returns to the events before', async () => {
      const { page } = session;
      await page.goBack();
      await page.waitForURL(/#\/timeline$/);
      await eventually(() => shownEvents(page)).toEqual(bare);
      expect(session.pageErrors).toEqual([]);
    });

    it('made the default, it is what the bare timeline opens with', async () => {
      const { page, baseUrl } = session;
      await makeOnlySavedListDefault(page, 'timeline');
      await page.goto(`${baseUrl}/#/settings`);
      await page.locator('form').first().waitFor();
      await page.goto(`${baseUrl}/#/timeline`);
      await page.waitForURL(/#\/timeline\?typeMessage\.in=/);
      await eventually(() => shownEvents(page)).toEqual(filtered);
      expect(session.pageErrors).toEqual([]);
    });
  });
}
