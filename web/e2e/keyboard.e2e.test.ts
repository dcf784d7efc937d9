import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

interface Focused {
  readonly name: string;
  readonly visible: boolean;
  readonly tag: string;
  /** A grid cell holding a row's view (eye) button. */
  readonly viewCell: boolean;
}

/**
 * The focused element: its label or text, and whether its focus shows: an outline or a ring on
 * it or on its field's frame (a multi-select draws it around the input), or AG Grid's focused
 * cell border.
 */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body)
      return { name: '', visible: false, tag: 'BODY', viewCell: false };
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return ring || outline;
    };
    let visible = element.classList.contains('ag-cell-focus') || shows(element);
    for (
      let node = element.parentElement, up = 0;
      !visible && node !== null && up < 3;
      node = node.parentElement, up++
    )
      visible = shows(node);
    const name = (
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      element.textContent ??
      ''
    ).trim();
    const viewCell =
      element.classList.contains('ag-cell') && element.querySelector('[data-view-row]') !== null;
    return { name, visible, tag: element.tagName, viewCell };
  });

/**
 * Presses Tab until the focused element is the one wanted (at most `max` presses), checking that
 * every element reached shows its focus.
 */
const tabTo = async (page: Page, wanted: string | RegExp | ((now: Focused) => boolean), max = 60) => {
  const unseen: string[] = [];
  const matches = (now: Focused) =>
    typeof wanted === 'function'
      ? wanted(now)
      : typeof wanted === 'string'
        ? now.name === wanted
        : wanted.test(now.name);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now.visible) unseen.push(`${now.tag} "${now.name.slice(0, 30)}"`);
    if (matches(now)) {
      expect(unseen).toEqual([]);
      return;
    }
  }
  throw new Error(`nothing matching ${String(wanted)} within ${max} Tab presses`);
};

/** Keyboard only, as `courtier`: navbar, a list, a filter, a detail (issue 6 accessibility). */
describe('keyboard-only use beyond sign-in', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens the policies from the navbar, filters them and opens a client with Tab, arrows and Enter', async () => {
    const { page } = session;
    await page.getByTestId('account-login').waitFor();
    // From the top of the page: the navbar's Entités menu, opened with Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, 'Entités');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await eventually(async () => (await focused(page)).name).toBe('Police');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/police$/);
    await page.locator('.ag-row').first().waitFor();
    const summary = () => page.getByTestId('list-summary').textContent();
    const all = await summary();
    // A predefined filter, chosen from the keyboard.
    // The global search, typed: the list narrows to the matching policies.
    await tabTo(page, 'Recherche Globale');
    await page.keyboard.type('VIT');
    await eventually(summary).not.toBe(all);
    expect(await summary()).toMatch(/^[1-9]\d* contrats sur \d+$/);
    await screenshot(page, 'courtier-keyboard-filter');
    // Through the toolbar and the headers to the first row's eye cell: Enter opens the client.
    await tabTo(page, (now) => now.viewCell, 40);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Fiche Client' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'courtier-keyboard-client');
    expect(session.pageErrors).toEqual([]);
  });
});
