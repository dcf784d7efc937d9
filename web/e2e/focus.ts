/** Keyboard walks' tools: which element has the focus, whether its focus shows, and Tab until one. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Focused {
  readonly name: string;
  readonly visible: boolean;
  readonly tag: string;
  readonly role: string;
  readonly inDialog: boolean;
  /** A grid cell holding a row's view (eye) button. */
  readonly viewCell: boolean;
}

/**
 * The focused element and whether its focus shows (an outline or ring on it or on one of its
 * three nearest ancestors, or AG Grid's focused cell).
 * The name also falls back to the field's label, so that inputs are recognised by what a
 * screen reader would announce.
 */
export const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body)
      return { name: '', visible: false, tag: 'BODY', role: '', inDialog: false, viewCell: false };
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
    const labelledBy = element.getAttribute('aria-labelledby');
    const label =
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      (labelledBy === null ? null : document.getElementById(labelledBy)?.textContent) ??
      null;
    const name = (
      element.getAttribute('aria-label') ??
      label ??
      element.getAttribute('placeholder') ??
      element.textContent ??
      ''
    ).trim();
    return {
      name,
      visible,
      tag: element.tagName,
      role: element.getAttribute('role') ?? '',
      inDialog: element.closest('[role="dialog"]') !== null,
      viewCell: element.classList.contains('ag-cell') && element.querySelector('[data-view-row]') !== null,
    };
  });

export type Wanted = string | RegExp | ((now: Focused) => boolean);

const matcher = (wanted: Wanted) => (now: Focused) =>
  typeof wanted === 'function'
    ? wanted(now)
    : typeof wanted === 'string'
      ? now.name === wanted
      : wanted.test(now.name);

/**
 * Presses `key` (Tab by default) until the focused element is the one wanted (at most `max`
 * presses), checking that every element reached shows its focus; returns the elements passed.
 */
export const pressTo = async (page: Page, wanted: Wanted, { key = 'Tab', max = 60 } = {}) => {
  const unseen: string[] = [];
  const passed: Focused[] = [];
  const matches = matcher(wanted);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    passed.push(now);
    if (!now.visible) unseen.push(`${now.tag} "${now.name.slice(0, 30)}"`);
    if (matches(now)) {
      expect(unseen).toEqual([]);
      return passed;
    }
  }
  throw new Error(
    `nothing matching ${String(wanted)} within ${max} ${key} presses; passed: ${passed.map((p) => `${p.tag} "${p.name.slice(0, 30)}"`).join(', ')}`,
  );
};
