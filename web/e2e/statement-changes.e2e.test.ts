import type { CommissionMovement, CommissionStatement, StatementChanges } from '@extranet/core';
import { type CAUSES, formatEurCents, sumCents, toCents } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * A statement's "what changed" (docs/insight.md) on its detail screen: the figures shown are the
 * API's, each figure's link lists lines summing to it, Back returns to the figures, another month
 * can be compared; at 1280 and 390 px (`test-output/screenshots/statement-changes-w<width>.png`).
 */
const CAUSE_LABELS: Record<(typeof CAUSES)[number], string> = {
  newBusiness: 'Affaires nouvelles',
  renewals: 'Renouvellements',
  clawbacks: 'Reprises',
  adjustments: 'Régularisations',
  carriedBalance: 'Solde reporté',
};
const euros = (amount: number) => formatEurCents(toCents(amount));

for (const width of [1280, 390] as const) {
  describe(`statement changes at ${width} px`, () => {
    let session: Session;
    let statement: CommissionStatement;
    let changes: StatementChanges;
    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: 900 });
      await signInQuickly(session, 'courtier');
      const statements = await apiJson<CommissionStatement[]>(
        session.page,
        'api/commissions?sort=mois,desc&size=24&typeBordereau.in=D%C3%A9finitif',
      );
      // The latest final statement that has one before it.
      statement = statements[0]!;
      changes = await apiJson<StatementChanges>(
        session.page,
        `api/commissions/${statement.idBordereau}/changes`,
      );
    }, 60_000);
    afterAll(async () => {
      await session?.close();
    });

    it('shows the API figures per cause, with the total difference', async () => {
      const { page, baseUrl } = session;
      expect(changes.previous).not.toBeNull();
      await page.goto(`${baseUrl}/#/mouvements/${statement.idBordereau}`);
      const table = page.getByRole('table', { name: /^Écart par cause/ });
      await table.waitFor();
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
        );
      const expected = changes.byCause.map((c) => [
        CAUSE_LABELS[c.cause],
        euros(c.previous),
        euros(c.current),
        euros(c.change),
      ]);
      if (changes.unexplained !== 0) expected.push(['Non expliqué', '', '', euros(changes.unexplained)]);
      expect(rows).toEqual(expected);
      expect(await page.getByTestId('changes-difference').textContent()).toBe(euros(changes.difference));
      // The causes add up to the difference shown.
      expect(sumCents([...changes.byCause.map((c) => c.change), changes.unexplained])).toBe(
        toCents(changes.difference),
      );
      expect(
        await page
          .getByRole('table', { name: /^Écart par type de commission/ })
          .locator('tbody tr')
          .count(),
      ).toBe(changes.byType.length);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `statement-changes-w${width}`);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('lists, from a figure, lines whose sum is that figure; Back returns to the figures', async () => {
      const { page } = session;
      const cause = changes.byCause.find((c) => c.currentLines > 0 && c.typeMouvements.length > 0)!;
      const link = page
        .getByRole('table', { name: /^Écart par cause/ })
        .locator(`[data-testid="changes-figure"][data-statement="${statement.idBordereau}"]`)
        .and(page.locator(`[data-types="${cause.typeMouvements.join(',')}"]`));
      expect(await link.textContent()).toBe(euros(cause.current));
      await link.click();
      await page.waitForURL(/typeMouvement\.in=/);
      // The figure's types, as a chip like any other filter.
      await page
        .getByRole('list', { name: 'Filtres actifs' })
        .getByRole('listitem')
        .filter({ hasText: `Type mouvement : ${cause.typeMouvements.slice(0, 3).join(', ')}` })
        .waitFor();
      await page.getByTestId('lines-summary').waitFor();
      await eventually(() => page.getByTestId('lines-summary').textContent()).toBe(
        `${cause.currentLines} mouvement${cause.currentLines > 1 ? 's' : ''}`,
      );
      // Every line at once: the answer the screen receives sums to the figure.
      const answer = page.waitForResponse(
        (r) =>
          r.url().includes(`/api/mouvements/${statement.idBordereau}?`) &&
          new URL(r.url()).searchParams.get('size') === '10000',
      );
      await page.getByLabel('Lignes par page').selectOption('10000');
      const lines = (await (await answer).json()) as CommissionMovement[];
      expect(new URL((await answer).url()).searchParams.get('typeMouvement.in')).toBe(
        cause.typeMouvements.join(','),
      );
      expect(lines).toHaveLength(cause.currentLines);
      expect(sumCents(lines.map((l) => l.montant))).toBe(toCents(cause.current));
      await page.goBack();
      await page.getByRole('table', { name: /^Écart par cause/ }).waitFor();
      expect(session.pageErrors).toEqual([]);
    });

    it('compares with another month chosen in the list', async () => {
      const { page } = session;
      const select = page.getByLabel('Comparer avec');
      const options = await select
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
      const other = options.find((v) => Number(v) !== changes.previous?.idBordereau)!;
      const against = await apiJson<StatementChanges>(
        page,
        `api/commissions/${statement.idBordereau}/changes?from=${other}`,
      );
      await select.selectOption(other);
      await page
        .getByRole('columnheader', { name: formatMonthOf(against.previous!.mois) })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('changes-difference').textContent()).toBe(euros(against.difference));
      expect(session.pageErrors).toEqual([]);
    });
  });
}

const formatMonthOf = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
