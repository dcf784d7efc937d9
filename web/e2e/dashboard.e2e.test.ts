import type { Dashboard } from '@extranet/core';
import { formatEurCents, sumCents } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { apiJson } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * The dashboard is the home of accounts with ROLE_COMPTA or ROLE_PORTEFEUILLE, shows
 * what `GET /api/dashboard` answers for them (chart and table for accountants, clawbacks, events,
 * policies, a wholesaler's brokers), and its links lead to the policies behind each figure; at
 * 1280 px and 390 px, saved as `test-output/screenshots/dashboard-w<width>-<account>.png`.
 */
const WIDTHS = [1280, 390] as const;
const ACCOUNTS = ['courtier', 'grossiste', 'compta', 'portefeuille'] as const;
const LABELS = { IMP: 'Impayés', MED: 'Mises en demeure', CTX: 'Contentieux' } as const;

const text = async (session: Session, testId: string) =>
  ((await session.page.getByTestId(testId).textContent()) ?? '').trim();

for (const width of WIDTHS) {
  describe(`dashboard at ${width} px`, () => {
    for (const account of ACCOUNTS) {
      describe(`as ${account}`, () => {
        let session: Session;
        let dashboard: Dashboard;
        beforeAll(async () => {
          session = await openSession();
          await session.page.setViewportSize({ width, height: 900 });
          await signInQuickly(session, account);
          dashboard = await apiJson<Dashboard>(session.page, 'api/dashboard');
        }, 60_000);
        afterAll(async () => {
          await session?.close();
        });

        it('is the home, and shows what the API answers for this account', async () => {
          const { page } = session;
          expect(new URL(page.url()).hash).toBe('#/dashboard');
          await page.getByRole('heading', { level: 1, name: 'Synthèse' }).waitFor();
          await page.getByTestId('events-IMP').waitFor();
          for (const event of dashboard.events) {
            if (dashboard.policies !== null && event.policies > 0) {
              const name = `${LABELS[event.type]} : ${event.policies} — Voir les polices`;
              expect(await page.getByRole('link', { name, exact: true }).count()).toBe(1);
            } else expect(await text(session, `events-${event.type}`)).toBe(String(event.policies));
          }
          if (dashboard.months === null) {
            expect(await page.getByTestId('months-chart').count()).toBe(0);
          } else {
            // The chart is drawn (Chart.js loaded on demand) and its table says the same figures.
            await page.getByText('Chargement du graphique…').waitFor({ state: 'detached' });
            const box = await page.getByTestId('months-chart').boundingBox();
            expect(box?.width ?? 0).toBeGreaterThan(200);
            expect(await text(session, 'months-paid-total')).toBe(
              formatEurCents(sumCents(dashboard.months.map((m) => m.paid))),
            );
            expect(
              await page
                .getByRole('table', { name: 'Commissions des 12 derniers mois' })
                .locator('tbody tr')
                .count(),
            ).toBe(12);
          }
          if (dashboard.policies === null) expect(await page.getByTestId('policies-inForce').count()).toBe(0);
          else expect(await text(session, 'policies-inForce')).toBe(String(dashboard.policies.inForce));
          if (dashboard.clawback !== null)
            expect(await text(session, 'clawback-balance')).toBe(
              formatEurCents(Math.round(dashboard.clawback.montant * 100)),
            );
          if (dashboard.brokers === null) expect(await page.getByTestId('brokers').count()).toBe(0);
          else
            expect(await page.getByTestId('brokers').locator('tbody tr').count()).toBe(
              dashboard.brokers.top.length,
            );
          await page.waitForLoadState('networkidle');
          await screenshot(page, `dashboard-w${width}-${account}`);
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          ).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);
          expect(session.pageErrors).toEqual([]);
        });

        it('leads from an event count to the list of those policies, and from a clawback to its policy', async () => {
          const { page } = session;
          const event = dashboard.events.find((e) => e.policies > 0);
          if (dashboard.policies !== null && event !== undefined) {
            await page.getByTestId(`events-${event.type}`).click();
            await page.waitForURL(/#\/police\?idPolice\.in=/);
            await page.locator('[data-view-row]').first().waitFor();
            const shown = await page.locator('[data-view-row]').count();
            expect(shown).toBe(Math.min(event.policies, 10));
            await page.goBack();
            await page.getByTestId('events-IMP').waitFor();
          }
          const first = dashboard.clawback?.top[0];
          if (first !== undefined && dashboard.policies !== null) {
            await page
              .getByRole('link', { name: first.police ?? '' })
              .first()
              .click();
            await page.waitForURL(new RegExp(`#/police/${first.idPolice}$`));
            await page.locator('#policy-heading').waitFor();
            await page.goBack();
          }
          await page.getByRole('link', { name: 'Voir la timeline des événements' }).click();
          await page.waitForURL(/#\/timeline$/);
          expect(session.pageErrors).toEqual([]);
        });
      });
    }
  });
}

describe('an account without ROLE_COMPTA or ROLE_PORTEFEUILLE', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'user');
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('keeps the timeline as its home, with no dashboard entry', async () => {
    const { page } = session;
    expect(new URL(page.url()).hash).toBe('#/timeline');
    expect(await page.getByRole('link', { name: 'Synthèse' }).count()).toBe(0);
  });
});
