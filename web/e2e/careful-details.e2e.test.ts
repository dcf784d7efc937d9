import type { Dashboard } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, emailOf, PASSWORD, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';
import { mailedKey } from './outbox.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 720 };

/** Details a careful user notices: only what the account can open is offered. */
describe('a ROLE_USER-only account (demo user)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'user');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('sees no Entités menu and no Voir button on the timeline, yet the events', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/timeline`);
    const rows = page.locator(
      '#events-heading ~ * table tbody tr, section[aria-labelledby="events-heading"] tbody tr',
    );
    await eventually(() => rows.count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Entités' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Voir/ }).count()).toBe(0);
    // The header row has as many cells as a line: no empty eye column left.
    const headers = await page.locator('section[aria-labelledby="events-heading"] thead th').count();
    expect(await rows.first().locator('td').count()).toBe(headers);
    await screenshot(page, 'details-user-timeline-1280');
    await page.setViewportSize(PHONE);
    await page.locator('.navbar-toggler').click();
    await page.getByRole('button', { name: 'Langue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Entités' }).count()).toBe(0);
    await screenshot(page, 'details-user-menu-390');
    await page.setViewportSize(DESK);
  });

  it('while an account that may open policies keeps them', async () => {
    const other = await openSession();
    try {
      await signInQuickly(other, 'portefeuille');
      await other.page.goto(`${other.baseUrl}/#/timeline`);
      await eventually(() => other.page.getByRole('link', { name: /^Voir/ }).count()).toBeGreaterThan(0);
      expect(await other.page.getByRole('button', { name: 'Entités' }).count()).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('activation by the mailed link', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('asks again when the key in the address changes after an activation', async () => {
    const { page, baseUrl } = session;
    const login = `keychange${Date.now().toString(36)}`;
    await callApi('api/register', {
      method: 'POST',
      body: JSON.stringify({ login, email: emailOf(login), password: PASSWORD, langKey: 'fr' }),
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/api/activate')) asked.push(url.searchParams.get('key') ?? '');
    });
    const key = mailedKey(emailOf(login), 'activate') ?? '';
    await page.goto(`${baseUrl}/#/activate?key=${key}`);
    await page.getByText('Votre compte a été activé.').waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/activate?key=00000000000000000000';
    });
    await page.getByText('Votre compte n’a pas pu être activé.').waitFor();
    expect(await page.getByText('Votre compte a été activé.').count()).toBe(0);
    expect(asked).toEqual([key, '00000000000000000000']);
    await screenshot(page, 'details-activate-key-changed-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'details-activate-key-changed-390');
    await page.setViewportSize(DESK);
  });
});

/** The number of policies the courtier's list holds for a query (its X-Total-Count). */
const policyCount = async (query: string) => {
  const response = await callApi(`api/police?size=1&${query}`, { token: await tokenOf('courtier') });
  return Number(response.headers.get('x-total-count'));
};

const lastDay = (month: string) => {
  const [year = 0, m = 0] = month.split('-').map(Number);
  return `${month.slice(0, 7)}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

describe('the dashboard says what it counts, and its links show their filter', () => {
  let session: Session;
  let dashboard: Dashboard;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
    dashboard = await apiJson<Dashboard>(session.page, 'api/dashboard');
  });
  afterAll(async () => {
    await session?.close();
  });

  it("names the date its month's policies are counted by, and the figure is that count", async () => {
    const { page } = session;
    await page.getByText('Prenant effet ce mois-ci', { exact: true }).waitFor();
    expect(await page.getByText('Nouvelles ce mois-ci').count()).toBe(0);
    const month = dashboard.month;
    const expected = await policyCount(`dateEffet.gte=${month}&dateEffet.lte=${lastDay(month)}`);
    expect(await page.getByTestId('policies-newThisMonth').textContent()).toBe(String(expected));
    await screenshot(page, 'details-dashboard-1280');
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px shows a dashboard link's filter as a chip that removes it`, async () => {
      const { page, baseUrl } = session;
      await page.setViewportSize(width === 390 ? PHONE : DESK);
      await page.goto(`${baseUrl}/#/dashboard`);
      const event = dashboard.events.find((e) => e.policies > 0);
      if (event === undefined) throw new Error('the demo set has events on the dashboard');
      await page.getByTestId(`events-${event.type}`).click();
      await page.waitForURL(/#\/police\?idPolice\.in=/);
      const chips = page.getByRole('list', { name: 'Filtres actifs' }).getByRole('listitem');
      await eventually(() => chips.count()).toBe(1);
      // What it selects, counted: the internal ids mean nothing to a person.
      const count = event.idPolices.length;
      expect(await chips.first().textContent()).toBe(
        `Polices : ${count} sélectionnée${count > 1 ? 's' : ''}`,
      );
      if (width === 1280) {
        await page.getByRole('button', { name: 'Langue' }).click();
        await page.getByRole('button', { name: 'English' }).click();
        await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
        await screenshot(page, 'details-chips-en-1280');
        const english = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
        await eventually(() => english.first().textContent()).toBe(`Policies: ${count} selected`);
        await page.getByRole('button', { name: 'Language' }).click();
        await page.getByRole('button', { name: 'Français' }).click();
        await eventually(() => chips.first().textContent()).toBe(
          `Polices : ${count} sélectionnée${count > 1 ? 's' : ''}`,
        );
      }
      await eventually(() => page.getByTestId('list-summary').textContent()).toMatch(
        new RegExp(`^${event.policies} `),
      );
      await screenshot(page, `details-chips-${width}`);
      await chips.first().getByRole('button', { name: 'Retirer le filtre Polices' }).click();
      await eventually(() => new URL(page.url()).hash).toBe('#/police');
      const all = await policyCount('');
      await eventually(() => page.getByTestId('list-summary').textContent()).toMatch(new RegExp(`^${all} `));
      expect(await page.getByRole('list', { name: 'Filtres actifs' }).count()).toBe(0);
      await page.setViewportSize(DESK);
    });
  }
});

describe("a statement line's client file in the address", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: the eye adds the policy to the address, a reload shows that client file, Retour the lines`, async () => {
      const { page, baseUrl } = session;
      await page.setViewportSize(width === 390 ? PHONE : DESK);
      const [statement] = await apiJson<Array<{ idBordereau: number }>>(
        page,
        'api/commissions?page=0&size=1&sort=mois,desc&typeBordereau.in=Définitif',
      );
      await page.goto(`${baseUrl}/#/mouvements/${statement?.idBordereau}?tab=lines`);
      await page.getByTestId('lines-summary').waitFor();
      await page.locator('[data-view-row]').first().click();
      await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
      await page.waitForURL(/[?&]fiche=\d+/);
      const fiche = new URL(page.url().replace('#/', '')).searchParams.get('fiche');
      const police = await page.locator('#policy-heading').textContent();
      await page.reload();
      await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
      expect(await page.locator('#policy-heading').textContent()).toBe(police);
      expect(await page.getByTestId('lines-summary').count()).toBe(0);
      await screenshot(page, `details-statement-client-${width}`);
      await page.getByRole('button', { name: 'Retour' }).first().click();
      await page.getByTestId('lines-summary').waitFor();
      await eventually(() => page.url()).not.toContain(`fiche=${fiche}`);
      expect(page.url()).toContain('tab=lines');
      await page.setViewportSize(DESK);
    });
  }
});
