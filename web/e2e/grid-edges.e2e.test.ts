import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * A grid wider than the screen says so (how many columns lie past the right edge, and its edge
 * fades) until scrolled to its end; a long header label wraps instead of being cut.
 */
describe('the list grid at 1280 px', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Displayed columns whose right edge lies past the grid's visible right edge. */
  const pastTheEdge = () =>
    session.page.evaluate(() => {
      const viewport = document.querySelector('.data-grid')!.getBoundingClientRect();
      return [...document.querySelectorAll('.data-grid .ag-header-cell')].filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && box.right > viewport.right + 1;
      }).length;
    });

  it('says how many columns lie past the right edge, and says nothing once scrolled there', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police`);
    const cue = page.getByTestId('more-columns');
    await cue.waitFor();
    const hidden = await pastTheEdge();
    expect(hidden).toBeGreaterThan(0);
    expect(await cue.textContent()).toBe(
      `${hidden} ${hidden > 1 ? 'colonnes' : 'colonne'} de plus à droite : faites défiler le tableau →`,
    );
    await screenshot(page, 'grid-more-columns-1280');
    await page.evaluate(() => {
      const scroller = document.querySelector('.data-grid .ag-body-horizontal-scroll-viewport')!;
      scroller.scrollLeft = scroller.scrollWidth;
    });
    await eventually(() => cue.count()).toBe(0);
    expect(await pastTheEdge()).toBe(0);
  });

  it("wraps the statement list's long headers rather than cutting them", async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/commission`);
    const header = page.locator('.data-grid .ag-header-cell-text', { hasText: 'Nombre de mouvements' });
    await header.waitFor();
    const cut = await page
      .locator('.data-grid .ag-header-cell-text')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    expect(await page.locator('.data-grid .ag-header-cell-text', { hasText: 'Mois comptable' }).count()).toBe(
      1,
    );
    await screenshot(page, 'grid-headers-1280');
  });
});
