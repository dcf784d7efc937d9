import { describe, expect, it } from 'vitest';
import { copyScaleSet } from '../../src/data/copyLoad.ts';
import { migrate } from '../../src/db/migrate.ts';
import { databaseKinds, openTestDb } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;

describe.skipIf(postgres.skip)('copyScaleSet (PostgreSQL COPY)', () => {
  it('streams a consistent scale set and refuses to load twice without --truncate', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      const report = await copyScaleSet(test.url!, { policies: 300, today: '2025-06-15', seed: 5 });
      expect(report.policies).toBe(300);
      const count = async (t: string) =>
        Number((await test.db.query(`select count(*)::int n from ${t}`))[0]!.n);
      expect(await count('commission_mouvement')).toBe(report.mouvements);
      expect(await count('timeline_event')).toBe(report.events);
      expect(await count('commission')).toBe(report.statements);
      const mismatches = await test.db.query(`
        select c.id_bordereau from commission c
          left join (select id_bordereau, sum(montant) s from commission_mouvement group by 1) m using (id_bordereau)
         where coalesce(m.s, 0) + c.solde_precedent <> c.montant`);
      expect(mismatches).toEqual([]);
      await expect(copyScaleSet(test.url!, { policies: 10 })).rejects.toThrow(/not empty/);
      const again = await copyScaleSet(test.url!, {
        policies: 300,
        today: '2025-06-15',
        seed: 5,
        truncate: true,
      });
      expect(again.mouvements).toBe(report.mouvements);
    } finally {
      await test.dispose();
    }
  }, 120_000);
});
