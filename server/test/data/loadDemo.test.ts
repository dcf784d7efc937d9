import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import { seedDemoData } from '../../src/data/seed.ts';
import { forEachDatabase } from '../helpers.ts';
import { recapMismatches, totalMismatches } from './money-equalities.ts';

const count = async (db: { query: (sql: string) => Promise<Record<string, unknown>[]> }, table: string) =>
  Number((await db.query(`select count(*)::int as n from ${table}`))[0]!.n);

describe('loadDemoData', () => {
  forEachDatabase((kind, getDb) => {
    it('loads the demo set consistently in one go', async () => {
      const db = getDb();
      const report = await loadDemoData(db, { today: '2025-06-15' });
      // 150 per broker, plus 7 carrying the injected commission errors (fixtures/src/anomalies.ts).
      expect(report.policies).toBe(457);
      expect(await count(db, 'police')).toBe(report.policies);
      expect(await count(db, 'commission_mouvement')).toBe(report.mouvements);
      expect(await count(db, 'timeline_event')).toBe(report.events);
      expect(await count(db, 'commission_pdf')).toBe(report.pdfs);
      // About 1 s on an idle machine; the bound leaves room for a loaded CI runner.
      if (kind === 'pglite') expect(report.ms).toBeLessThan(15_000);

      // The invariants hold in SQL too: recap = Σ movements per type; montant = Σ recap + solde.
      expect(await recapMismatches(db)).toEqual([]);
      expect(await totalMismatches(db)).toEqual([]);
      const orphans = await db.query(`
        select m.id from commission_mouvement m
         where not exists (select 1 from commission c where c.id_bordereau = m.id_bordereau)
            or not exists (select 1 from police p where p.id_police = m.id_police)
        union all
        select e.id from timeline_event e where not exists (select 1 from police p where p.id_police = e.id_police)`);
      expect(orphans).toEqual([]);
      const [pdf] = await db.query<{ content: Uint8Array }>('select content from commission_pdf limit 1');
      expect(Buffer.from(pdf!.content.subarray(0, 4)).toString()).toBe('%PDF');
      const scope = await db.query<{ g: string; codes: string }>(
        `select code_courtier_grossiste_portail g, string_agg(distinct code_courtier_portail, ',' order by code_courtier_portail) codes
           from police group by 1 order by 1`,
      );
      expect(scope).toEqual([
        { g: 'G0001', codes: 'C0001,C0003' },
        { g: 'G0002', codes: 'C0002' },
      ]);
    }, 60_000);

    it('is not loaded twice by the seed hook', async () => {
      const db = getDb();
      const before = await count(db, 'police');
      expect(await seedDemoData(db)).toEqual({ skipped: true });
      expect(await count(db, 'police')).toBe(before);
    });
  });
});
