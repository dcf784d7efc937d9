import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

const TABLET = { width: 768, height: 1024 };

/** What looked broken at 768 px in the screenshots of the main screens. */
describe('the users at 768 px', () => {
  const signed = signedIn('admin');

  it('shows each e-mail on two lines at most and every row action inside the table', async () => {
    const { page, baseUrl } = signed.session;
    await page.setViewportSize(TABLET);
    await page.goto(`${baseUrl}/#/user-management`);
    await page.locator('tbody tr').first().waitFor();
    const emails = page.locator('tbody tr td:nth-child(3)');
    expect(await emails.count()).toBeGreaterThan(2);
    // An address broken anywhere was four or five lines of a few letters.
    const lines = await emails.evaluateAll((cells) =>
      cells.map((cell) => {
        // The distinct tops of the text's boxes: one per line.
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      }),
    );
    expect(Math.max(...lines)).toBeLessThanOrEqual(2);
    // Every Supprimer button within the table's visible width (no scrolling to reach it).
    const outside = await page.locator('main table').evaluate((table) => {
      const box = table.getBoundingClientRect();
      const right = box.left + table.clientWidth;
      return [...table.querySelectorAll('tbody button')]
        .filter((button) => button.getBoundingClientRect().right > right + 1)
        .map((button) => button.textContent);
    });
    expect(outside).toEqual([]);
    await screenshot(page, 'tablet-user-management-768');
    expect(signed.session.pageErrors).toEqual([]);
  });
});

describe('a policy and the disputes at 768 px', () => {
  const signed = signedIn('courtier');

  it("keeps a line's height for a label without value, and the disputes have their heading", async () => {
    const { page, baseUrl } = signed.session;
    await page.setViewportSize(TABLET);
    const [policy] = await apiJson<Array<{ idPolice: number }>>(page, 'api/police?page=0&size=1');
    await page.goto(`${baseUrl}/#/police/${policy?.idPolice}`);
    await page.locator('.field-card-body dd').first().waitFor();
    // An empty value's row collapsed: its label stood against the next one.
    const heights = await page.locator('.field-card-body dd').evaluateAll((values) =>
      values.map((dd) => ({
        empty: dd.textContent === '',
        height: dd.getBoundingClientRect().height,
        line: Number.parseFloat(getComputedStyle(dd).lineHeight),
      })),
    );
    expect(heights.some((h) => h.empty)).toBe(true);
    for (const h of heights) expect(h.height).toBeGreaterThanOrEqual(h.line - 0.5);
    await screenshot(page, 'tablet-policy-768');

    await page.goto(`${baseUrl}/#/disputes`);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Litiges' }).count()).toBe(1);
    expect(signed.session.pageErrors).toEqual([]);
  });
});
