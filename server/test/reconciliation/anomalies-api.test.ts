/**
 * `GET /api/anomalies` in the real app: the caller's scope, JHipster paging, the filters the
 * statement lines and policies link with, the sort by amount at stake; another broker's anomaly
 * does not exist for you (404).
 */
import { ANOMALY_RULES } from '@extranet/core/domain/policyLifecycle/anomalyRules.ts';
import { generateDemoSet, toCsv } from '@extranet/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/data/import/index.ts';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import { forEachApp } from '../helpers.ts';

const today = '2025-06-15';
const set = generateDemoSet({ today });
const ofBroker = (code: string) => {
  const ids = new Set(set.policies.filter((p) => p.codeCourtierPortail === code).map((p) => p.idPolice));
  return set.anomalies.filter((a) => ids.has(a.idPolice));
};
const byAmount = (rows: readonly { montant: string | number }[]) =>
  rows.map((a) => Number(a.montant)).sort((x, y) => y - x);

interface Anomaly {
  id: number;
  regle: string;
  idPolice: number;
  idBordereau: number | null;
  montant: number;
  explication: string;
  courtier: string;
}

describe('GET /api/anomalies', () => {
  forEachApp((_kind, ctx) => {
    beforeAll(async () => {
      await loadDemoData(ctx().db, { today });
    });
    const get = async (login: string, url: string) =>
      ctx().app.inject({ method: 'GET', url, headers: await ctx().auth(login) });

    it("lists the caller's own anomalies, largest amount first, with JHipster paging headers", async () => {
      const own = ofBroker('C0001');
      expect(own).toHaveLength(6);
      const first = await get('courtier', '/api/anomalies?size=4');
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('6');
      expect(first.headers.link).toContain('rel="next"');
      const page = first.json() as Anomaly[];
      expect(page.map((a) => a.montant)).toEqual(byAmount(own).slice(0, 4));
      const second = (await get('courtier', '/api/anomalies?size=4&page=1')).json() as Anomaly[];
      expect(second.map((a) => a.montant)).toEqual(byAmount(own).slice(4));
      // Count and amount at stake over the whole filtered list, whatever the page: the "À vérifier" figures.
      const total = own.reduce((sum, a) => sum + Math.round(Number(a.montant) * 100), 0);
      expect(first.headers['x-total-amount']).toBe((total / 100).toFixed(2));
      const ascending = (await get('courtier', '/api/anomalies?sort=montant,asc')).json() as Anomaly[];
      expect(ascending.map((a) => a.montant)).toEqual(byAmount(own).reverse());
    });

    it('filters by rule, statement, policy and month', async () => {
      const dup = set.anomalies.find((a) => a.regle === 'CLAWBACK_DUPLICATE')!;
      const byRule = (
        await get('courtier', '/api/anomalies?regle.equals=CLAWBACK_DUPLICATE')
      ).json() as Anomaly[];
      expect(byRule.map((a) => [a.regle, String(a.idPolice)])).toEqual([
        ['CLAWBACK_DUPLICATE', dup.idPolice],
      ]);
      const byStatement = (
        await get('courtier', `/api/anomalies?idBordereau.equals=${dup.idBordereau}`)
      ).json() as Anomaly[];
      expect(byStatement.map((a) => a.regle)).toContain('CLAWBACK_DUPLICATE');
      const byPolicy = (
        await get('courtier', `/api/anomalies?idPolice.equals=${dup.idPolice}`)
      ).json() as Anomaly[];
      expect(byPolicy).toHaveLength(1);
      const byMonth = (await get('courtier', `/api/anomalies?mois.equals=${dup.mois}`)).json() as Anomaly[];
      expect(byMonth.every((a) => a.explication.length > 20)).toBe(true);
      expect(byMonth.map((a) => a.regle)).toContain('CLAWBACK_DUPLICATE');
      expect((await get('courtier', '/api/anomalies?regle.equals=NOPE')).statusCode).toBe(400);
    });

    it("keeps another broker's anomalies invisible: not listed, and 404 by id", async () => {
      const other = (await get('courtier2', '/api/anomalies')).json() as Anomaly[];
      expect(other.map((a) => a.regle)).toEqual(['RATE_MISMATCH']);
      expect((await get('courtier', `/api/anomalies/${other[0]!.id}`)).statusCode).toBe(404);
      expect((await get('courtier2', `/api/anomalies/${other[0]!.id}`)).statusCode).toBe(200);
      const wholesaler = await get('grossiste', '/api/anomalies');
      expect(wholesaler.headers['x-total-count']).toBe(
        String(ofBroker('C0001').length + ofBroker('C0003').length),
      );
      const admin = await get('admin', '/api/anomalies');
      expect(admin.headers['x-total-count']).toBe(String(set.anomalies.length));
    });

    it("gives each scope's kept count and amount at stake on an unfiltered page, as counted, through imports", async () => {
      // A filter every anomaly passes makes the server count; without one, or with one rule, it
      // reads the kept totals.
      const everyRule = `regle.in=${ANOMALY_RULES.join(',')}`;
      const figures = async () => {
        const out: string[][] = [];
        for (const login of ['admin', 'courtier', 'courtier2', 'grossiste'])
          for (const [keptFilter, countedFilter] of [
            ['', everyRule],
            ['regle.equals=RATE_MISMATCH', 'regle.in=RATE_MISMATCH,RATE_MISMATCH'],
          ]) {
            const kept = await get(login, `/api/anomalies?size=1&${keptFilter}`);
            const counted = await get(login, `/api/anomalies?size=1&${countedFilter}`);
            expect([kept.headers['x-total-count'], kept.headers['x-total-amount']], login).toEqual([
              counted.headers['x-total-count'],
              counted.headers['x-total-amount'],
            ]);
            out.push([login, String(kept.headers['x-total-count']), String(kept.headers['x-total-amount'])]);
          }
        // What the triggers keep (migration 0110) is what the unfiltered page said.
        const [all] = await ctx().db.query<{ n: string; amount: string }>(
          `select n::text, amount::text from anomaly_total where scope = 'all' and regle = ''`,
        );
        expect([all?.n, all?.amount]).toEqual(out[0]!.slice(1));
        return out;
      };
      const before = await figures();
      // The rate error's line paid for twice the amount (an update in place), then at the
      // contract's rate (its anomaly goes), then as it was: the figures follow each import.
      const rate = set.anomalies.find((a) => a.regle === 'RATE_MISMATCH')!;
      const policy = set.policies.find((p) => p.idPolice === rate.idPolice)!;
      const line = set.mouvements.find(
        (m) =>
          m.idPolice === rate.idPolice && m.idBordereau === rate.idBordereau && m.periode === rate.periode,
      )!;
      const load = (row: object) =>
        importFile(
          ctx().db,
          'mouvements',
          'm.csv',
          new TextEncoder().encode(toCsv([row as Record<string, unknown>])),
        );
      await load({ ...line, montant: (Number(line.montant) * 2).toFixed(2) });
      const doubled = await figures();
      expect(doubled).not.toEqual(before);
      await load({ ...line, taux: policy.tauxCommissionAnnee1 });
      const fixed = await figures();
      expect(Number(fixed[0]![1])).toBe(Number(before[0]![1]) - 1);
      await load(line);
      expect(await figures()).toEqual(before);
    });

    it('needs ROLE_COMPTA, and offers no writes', async () => {
      expect((await get('portefeuille', '/api/anomalies')).statusCode).toBe(403);
      const post = await ctx().app.inject({
        method: 'POST',
        url: '/api/anomalies',
        headers: await ctx().auth('admin'),
        payload: {},
      });
      expect([404, 405]).toContain(post.statusCode);
    });
  });
});
