import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson, listRequest, shownRows, sortOf, watchConsole } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * On a phone (390 px) and a tablet (768 px) every screen fits without sideways
 * scrolling, the navbar folds behind its toggler, and a list's cards (phone) or grid (tablet)
 * show the rows the server answers, with sorting and filtering still at hand. Each screen's
 * screenshot is saved as `test-output/screenshots/w<width>-<account>-<screen>.png`.
 */
const WIDTHS = [390, 768] as const;

type Screen = readonly [name: string, hash: string, ready: string, then?: (page: Page) => Promise<void>];

const openLines = async (page: Page) => {
  await page.getByRole('button', { name: 'Afficher détail' }).click();
  await page.getByTestId('lines-summary').waitFor();
  await page.waitForLoadState('networkidle');
};

const openSignIn = async (page: Page) => {
  await page.getByRole('button', { name: 'vous connecter' }).click();
  await page.locator('.modal.show').getByLabel('Identifiant').waitFor();
};

/** Rows to open, read from the API as the courtier. */
const ids = { police: 0, assure: 0, bordereau: 0, moved: 0 };

const screensOf = (open: typeof ids): Record<string, readonly Screen[]> => ({
  anonymous: [
    ['home', '#/', 'h1'],
    ['sign-in', '#/', 'h1', openSignIn],
    ['register', '#/register', 'form'],
    ['reset-request', '#/reset/request', 'form'],
  ],
  courtier: [
    ['timeline', '#/timeline', 'section[aria-labelledby="events-heading"] tbody tr'],
    ['police', '#/police', '[data-view-row]'],
    ['police-assure', '#/police-assure', '[data-view-row]'],
    ['fiche-client', `#/police?fiche=${open.police}`, '#policy-heading'],
    ['policy', `#/police/${open.police}`, '#policy-heading'],
    ['insured-popup', `#/police-assure/${open.assure}/view`, '.modal.show dd'],
    ['movement-popup', `#/commission-mouvement/${open.moved}/view`, '.modal.show .ag-row'],
    ['commission', '#/commission', '[data-view-row]'],
    ['statement', `#/mouvements/${open.bordereau}`, '[data-testid="total-versement"]'],
    ['statement-lines', `#/mouvements/${open.bordereau}`, '[data-testid="total-versement"]', openLines],
    ['message', `#/message?idPolice=${open.police}`, '.ProseMirror'],
    ['settings', '#/settings', 'form'],
    ['password', '#/password', 'form'],
  ],
  admin: [
    ['user-management', '#/user-management', 'tbody tr'],
    ['user-detail', '#/user-management/courtier', 'dl'],
    ['metrics', '#/jhi-metrics', '[data-testid="datasource"]'],
    ['health', '#/jhi-health', 'tbody tr'],
    ['logs', '#/logs', 'tbody tr'],
    ['audits', '#/audits', 'tbody tr'],
  ],
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of WIDTHS) {
  describe(`at ${width} px`, () => {
    for (const account of ['anonymous', 'courtier', 'admin'] as const) {
      describe(`every screen as ${account}`, () => {
        let session: Session;
        let errors: ReturnType<typeof watchConsole>;
        beforeAll(async () => {
          session = await openSession();
          await session.page.setViewportSize({ width, height: 844 });
          errors = watchConsole(session.page);
          if (account !== 'anonymous') await signInQuickly(session, account);
          if (account === 'courtier' && ids.police === 0) {
            const [policy] = await apiJson<Array<{ idPolice: number }>>(session.page, 'api/police?size=1');
            const [statement] = await apiJson<Array<{ idBordereau: number }>>(
              session.page,
              'api/commissions?size=1&sort=nb,desc',
            );
            const [insured] = await apiJson<Array<{ idAssure: number }>>(
              session.page,
              'api/police-assures?size=1',
            );
            ids.police = policy?.idPolice ?? 0;
            ids.assure = insured?.idAssure ?? 0;
            ids.bordereau = statement?.idBordereau ?? 0;
            const [line] = await apiJson<Array<{ idPolice: number }>>(
              session.page,
              `api/mouvements/${ids.bordereau}?size=1`,
            );
            ids.moved = line?.idPolice ?? 0;
          }
        });
        afterAll(async () => {
          await session?.close();
        });

        it('fits every screen without sideways scrolling, with no console error', async () => {
          const { page, baseUrl } = session;
          const screens = screensOf(ids)[account] ?? [];
          expect(screens.length).toBeGreaterThan(2);
          for (const [name, hash, ready, then] of screens) {
            await page.goto(`${baseUrl}/${hash}`);
            await page.locator(ready).first().waitFor();
            await then?.(page);
            await page.waitForLoadState('networkidle');
            // A dialog's fade-in (a CSS transition) ends before the picture.
            await page.waitForFunction(
              () =>
                document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity)
                  .length === 0,
            );
            await screenshot(page, `w${width}-${account}-${name}`);
            expect(await overflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
          }
          expect(errors.errors()).toEqual([]);
        });

        if (account === 'courtier')
          it('folds the navbar behind its toggler, which opens the menus', async () => {
            const { page, baseUrl } = session;
            await page.goto(`${baseUrl}/#/timeline`);
            const menu = page.getByRole('button', { name: 'Entités' });
            expect(await menu.isVisible()).toBe(false);
            await page.locator('.navbar-toggler').click();
            await menu.waitFor({ state: 'visible' });
            await menu.click();
            await page.getByRole('link', { name: 'Police', exact: true }).click();
            await page.locator('[data-view-row]').first().waitFor();
            expect(await overflow(page)).toBeLessThanOrEqual(0);
            // The entry chosen, the menu folds again: the list is not under it.
            await eventually(() =>
              page.locator('#main-navbar').evaluate((e) => e.getBoundingClientRect().height),
            ).toBe(0);
            expect(await menu.isVisible()).toBe(false);
            expect(await page.locator('.navbar-toggler').getAttribute('aria-expanded')).not.toBe('true');
          });
      });
    }

    describe('lists', () => {
      let session: Session;
      let errors: ReturnType<typeof watchConsole>;
      beforeAll(async () => {
        session = await openSession();
        await session.page.setViewportSize({ width, height: 844 });
        errors = watchConsole(session.page);
        await signInQuickly(session, 'courtier');
      });
      afterAll(async () => {
        await session?.close();
      });

      it(`shows the server's rows ${width < 576 ? 'as cards' : 'in the grid'}, sorted and searched`, async () => {
        const { page, baseUrl } = session;
        const first = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/api/police'));
        await page.goto(`${baseUrl}/#/police`);
        const request = await first;
        await page.locator('[data-view-row]').first().waitFor();
        const key = (row: { idPolice: number }) => String(row.idPolice);
        const rowsOf = async (url: string) =>
          (await apiJson<Array<{ idPolice: number }>>(page, url)).map(key);
        expect(await shownRows(page, width)).toEqual(await rowsOf(request.url()));

        // Sorting: 'Trier par' on a phone, the header on a tablet.
        const sortByName = async () => {
          if (width < 576) await page.getByLabel('Trier par').selectOption('nomprenom');
          else await page.locator('.ag-header-cell[col-id="nomprenom"] .ag-header-cell-label').click();
        };
        const byName = await listRequest(page, /\/api\/police$/, sortByName);
        expect(sortOf(byName)).toEqual(['nomprenom,asc']);
        await eventually(() => shownRows(page, width)).toEqual(await rowsOf(byName.url()));
        const flip = () =>
          width < 576
            ? page.getByRole('button', { name: 'Croissant' }).click()
            : page.locator('.ag-header-cell[col-id="nomprenom"] .ag-header-cell-label').click();
        const desc = await listRequest(page, /\/api\/police$/, flip);
        expect(sortOf(desc)).toEqual(['nomprenom,desc']);
        await eventually(() => shownRows(page, width)).toEqual(await rowsOf(desc.url()));

        // Filtering: the global search narrows the cards to the server's answer.
        const searched = await listRequest(page, /\/api\/police$/, () =>
          page.getByLabel('Recherche Globale').fill('dumont'),
        );
        await eventually(() => page.getByTestId('list-summary').textContent()).toBe('4 contrats sur 156');
        await eventually(() => shownRows(page, width)).toEqual(await rowsOf(searched.url()));
        expect((await shownRows(page, width)).length).toBe(4);
        await screenshot(page, `w${width}-courtier-police-searched`);
        expect(await overflow(page)).toBeLessThanOrEqual(0);

        // The eye opens the client file from a card as from a row.
        await page.locator('[data-view-row]').first().click();
        await page.locator('#policy-heading').waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(errors.errors()).toEqual([]);
      });

      it("shows a statement's lines as the server sends them", async () => {
        const { page, baseUrl } = session;
        await page.goto(`${baseUrl}/#/mouvements/${ids.bordereau}`);
        await page.getByTestId('total-versement').waitFor();
        const request = page.waitForRequest((r) => /\/api\/mouvements\/\d+$/.test(new URL(r.url()).pathname));
        await openLines(page);
        const lines = await apiJson<Array<{ id: number }>>(page, (await request).url());
        await eventually(() => shownRows(page, width)).toEqual(lines.map((line) => String(line.id)));
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(errors.errors()).toEqual([]);
      });
    });
  });
}
