import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/** The words of these elements' text that the layout split over two lines. */
const wordsBrokenIn = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const text = node.firstChild;
      if (!(text instanceof Text)) return [];
      const broken: string[] = [];
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
      return broken;
    }),
  );

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 720 };

/** A dd/MM/yyyy HH:mm cell as a sortable yyyyMMddHHmm. */
const sortable = (text: string) => {
  const [date = '', time = ''] = text.trim().split(' ');
  const [d, m, y] = date.split('/');
  return `${y}${m}${d}${time.replace(':', '')}`;
};

/** Whether an element's text sits on one line (a broken policy number takes two). */
const oneLine = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length === 1;
    });

/** What a careful reader notices, at 1280 px and 390 px. */
describe('what a careful reader notices', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'admin');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('Health shows disk space in GB', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/jhi-health`);
    await page.getByRole('button', { name: /Détails.*[Ee]space disque|Détails diskSpace/ }).click();
    const dialog = page.getByRole('dialog');
    const total = dialog.locator('tr', { hasText: 'total' }).locator('td').nth(1);
    expect(await total.textContent()).toMatch(/^\d+(,\d)? (Go|Mo)$/);
    await screenshot(page, 'reader-health-disk');
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  });

  it('Metrics show service times in ms, rates with a decimal comma, and the cache section', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/jhi-metrics`);
    await page.getByRole('heading', { name: 'Statistiques du cache' }).waitFor();
    expect(await page.getByRole('cell', { name: 'verifiedTokens' }).count()).toBe(1);
    const services = page.locator('table', {
      has: page.getByRole('columnheader', { name: 'Nom du service' }),
    });
    const maxima = (await services.locator('tbody tr td:nth-child(5)').allTextContents()).map(Number);
    expect(maxima.some((ms) => ms > 0)).toBe(true);
    const rates = await page
      .locator('table', { has: page.getByRole('columnheader', { name: '1 min' }) })
      .locator('tbody td:nth-child(3)')
      .allTextContents();
    expect(rates.length).toBe(3);
    for (const rate of rates) expect(rate).toMatch(/^\d+,\d{2}$/);
    await screenshot(page, 'reader-metrics-1280');
  });

  it('tab titles are French', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/settings`);
    await eventually(() => page.title()).toBe('Paramètres');
    await page.goto(`${baseUrl}/#/password`);
    await eventually(() => page.title()).toBe('Mot de passe');
    await page.goto(`${baseUrl}/#/jhi-health`);
    await eventually(() => page.title()).toBe('Diagnostics');
  });

  it('the administration and account screens fit a phone without sideways scrolling', async () => {
    const { page, baseUrl } = session;
    await page.setViewportSize(PHONE);
    for (const [name, hash, ready] of [
      ['health', '#/jhi-health', 'main table'],
      ['metrics', '#/jhi-metrics', 'main table'],
      ['logs', '#/logs', 'main table'],
      ['user-detail', '#/user-management/admin', 'main dl'],
      ['settings', '#/settings', 'main form'],
      ['password', '#/password', 'main form'],
      ['not-found', '#/mouvements/999999', '[data-testid="load-failure"]'],
    ] as const) {
      await page.goto(`${baseUrl}/${hash}`);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
      await screenshot(page, `reader-${name}-390`);
    }
    // A level button hidden past the table's edge could not be pressed.
    await page.goto(`${baseUrl}/#/logs`);
    await page.getByRole('button', { name: 'ERROR' }).first().click({ trial: true });
    session.consoleErrors.length = 0;
    await page.setViewportSize(DESK);
  });

  it('the timeline shows the newest events first', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/timeline`);
    await page.locator('main table tbody tr').first().waitFor();
    const times = (await page.locator('main table tbody tr td:nth-child(2)').allTextContents()).map(sortable);
    expect(times.length).toBe(10);
    expect(times).toEqual([...times].sort().reverse());
    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});

/** The Commissions card and its movements are ROLE_COMPTA's: grossiste has it with the portfolio. */
describe('policy numbers as grossiste reads them', () => {
  let session: Session;
  let policy: { idPolice: number; police: string };
  beforeAll(async () => {
    const token = await tokenOf('grossiste');
    const response = await callApi('api/police?page=0&size=50', { token });
    const rows = (await response.json()) as (typeof policy)[];
    // A number with a slash, the kind that broke after it, when the page has one.
    const first = rows.find((row) => row.police.includes('/')) ?? rows[0];
    if (first === undefined) throw new Error('no policy');
    policy = first;
    session = await openSession();
    await signInQuickly(session, 'grossiste');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('the movement popup is titled with the policy number, not the internal id', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police/${policy.idPolice}`);
    await page.getByRole('link', { name: 'Détails...' }).click();
    const title = page.locator('#movements-title');
    await eventually(() => title.textContent()).toBe(`Détail Commission pour la police ${policy.police}`);
    await screenshot(page, 'reader-movement-popup-1280');
    await page.setViewportSize(PHONE);
    expect(await oneLine(page, '#movements-title .nobreak')).toBe(true);
    await screenshot(page, 'reader-movement-popup-390');
    await page.setViewportSize(DESK);
  });

  for (const [size, name] of [
    [PHONE, '390'],
    [DESK, '1280'],
  ] as const)
    it(`policy numbers and e-mails never break inside, nor labels mid-word, at ${name} px`, async () => {
      const { page, baseUrl } = session;
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/#/police/${policy.idPolice}`);
      await page.locator('#policy-heading').waitFor();
      const unbroken = page.locator('main .nobreak');
      await eventually(() => unbroken.allTextContents()).toContain(policy.police);
      const count = await unbroken.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < count; i++) {
        const lines = await unbroken.nth(i).evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return range.getClientRects().length;
        });
        // An empty value (no second phone) draws nothing.
        const text = (await unbroken.nth(i).textContent()) ?? '';
        expect(lines, text).toBe(text === '' ? 0 : 1);
        // Kept on one line, it still fits its card (side by side with its label it ran past it).
        const overflow = await unbroken.nth(i).evaluate((element) => {
          const body = element.closest('.card-body');
          if (!body) return 0;
          const inner =
            body.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(body).paddingRight);
          return element.getBoundingClientRect().right - inner;
        });
        expect(overflow, text).toBeLessThanOrEqual(0);
      }
      // No label of the detail cards breaks inside a word ('Mode commissionnem/ent').
      expect(await wordsBrokenIn(page.locator('main .field-card-body dt'))).toEqual([]);
      await screenshot(page, `reader-policy-${name}`);
      await page.setViewportSize(DESK);
    });
});

describe('a phone card of the policy list', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize(PHONE);
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  it("breaks no word of its fields ('Surcomplémentaire Santé')", async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police?q=surcompl%C3%A9mentaire`);
    const values = page.locator('.list-cards dd');
    await eventually(() => values.allTextContents()).toContain('Surcomplémentaire Santé');
    expect(await wordsBrokenIn(values)).toEqual([]);
    expect(await wordsBrokenIn(page.locator('.list-cards dt'))).toEqual([]);
    await screenshot(page, 'reader-policy-cards-390');
  });
});

describe('tab titles for a visitor', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('"Réinitialiser votre mot de passe", not "Reset your password"', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/reset/request`);
    await eventually(() => page.title()).toBe('Réinitialiser votre mot de passe');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'reader-reset-request-390');
    expect(session.consoleErrors).toEqual([]);
  });
});
