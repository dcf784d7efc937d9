import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

const WIDTH = 390;

/** The element's box lies wholly within the viewport's width (and it is not hidden). */
const inside = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box, await locator.evaluate((e) => e.outerHTML.slice(0, 80))).not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width };
};

/** The chosen format's text and the room the closed select gives it (between its padding and chevron). */
const shownChoice = (select: Locator) =>
  select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.options[el.selectedIndex]?.text ?? '';
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text, fits: context.measureText(text).width <= room };
  });

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The statement list's "Écritures comptables" on a phone: the open menu, its period, its format
 * choice and its button are wholly on the screen, and the page does not scroll sideways.
 */
// A broker, and a wholesaler whose toolbar also holds the broker filter (the button sits elsewhere).
for (const login of ['courtier2', 'grossiste'])
  describe(`entries menu at ${WIDTH} px as ${login}`, () => {
    const signed = signedIn(login);

    it('shows the whole form, format choice and button included, without sideways scroll', async () => {
      const { page, baseUrl } = signed.session;
      await page.setViewportSize({ width: WIDTH, height: 844 });
      await page.goto(`${baseUrl}/#/commission`);
      const toggle = page.getByRole('button', { name: 'Écritures comptables' });
      await toggle.waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
      await toggle.click();
      const form = page.getByRole('form', { name: 'Écritures pour la comptabilité' });
      await form.waitFor();
      const parts = [
        form,
        page.getByLabel('Du mois'),
        page.getByLabel('Au mois (inclus)'),
        page.getByLabel('Format'),
        page.getByRole('button', { name: 'Télécharger' }),
      ];
      expect(await page.getByLabel('Format').inputValue()).toBe('fec');
      for (const part of parts) {
        const { left, right } = await inside(part);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(WIDTH);
      }
      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
      // Each choice is read whole in the closed select (the FEC one was cut short before).
      expect(await shownChoice(page.getByLabel('Format'))).toEqual({
        text: 'FEC (article A47 A-1 du LPF)',
        fits: true,
      });
      await screenshot(page, `entries-menu-fec-${login}-${WIDTH}`);
      await page.getByLabel('Format').selectOption('csv');
      expect(await shownChoice(page.getByLabel('Format'))).toEqual({ text: 'CSV pour tableur', fits: true });
      const select = await inside(page.getByLabel('Format'));
      expect(select.right).toBeLessThanOrEqual(WIDTH);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
      await screenshot(page, `entries-menu-${login}-${WIDTH}`);
      expect(signed.errors.errors()).toEqual([]);
    });
  });
