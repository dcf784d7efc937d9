import { formatEur } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson } from './lists.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/**
 * The dashboard's "À vérifier" card (docs/reconciliation.md): the count and amount at stake of
 * the caller's anomalies and the largest ones, in the order of the amount, each explained; only
 * for accounts that read commissions. The demo set's injected errors give C0001 six anomalies.
 */
interface Anomaly {
  police: string;
  montant: number;
  explication: string;
}

const cells = (session: Session) =>
  session.page
    .getByTestId('anomalies-card')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );

for (const width of [1280, 390] as const) {
  describe(`"À vérifier" at ${width} px`, () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: 900 });
    }, 60_000);
    afterAll(async () => {
      await session?.close();
    });

    it('shows the broker its anomalies: count, amount at stake, the largest first, each explained', async () => {
      await signInQuickly(session, 'courtier');
      const { page } = session;
      const all = await apiJson<Anomaly[]>(page, 'api/anomalies?size=100');
      expect(all).toHaveLength(6);
      const total = all.reduce((sum, a) => sum + Math.round(a.montant * 100), 0) / 100;
      const summary = page.getByTestId('anomalies-summary');
      await summary.waitFor();
      expect((await summary.textContent())?.replace(/\s/g, ' ')).toBe(
        `6 anomalies, ${formatEur(total)} en jeu`.replace(/\s/g, ' '),
      );
      const rows = await cells(session);
      expect(rows.map((r) => r[1])).toEqual(all.slice(0, 5).map((a) => a.police));
      expect(rows.map((r) => r[2])).toEqual(all.slice(0, 5).map((a) => a.explication));
      expect(rows.map((r) => r[3]!.replace(/\s/g, ' '))).toEqual(
        all.slice(0, 5).map((a) => formatEur(a.montant).replace(/\s/g, ' ')),
      );
      const amounts = all.map((a) => a.montant);
      expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    });
  });
}

describe('"À vérifier" for other accounts', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  it('another broker sees only its own anomaly', async () => {
    await signInQuickly(session, 'courtier2');
    const summary = session.page.getByTestId('anomalies-summary');
    await summary.waitFor();
    expect((await summary.textContent())?.startsWith('1 anomalie,')).toBe(true);
    expect((await cells(session)).map((r) => r[0])).toEqual(['Taux différent du contrat']);
  });
});
