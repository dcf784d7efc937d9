import { describe, expect, it } from 'vitest';
import { GENERATED_TABLES } from '../../src/data/columns.ts';
import { copyScaleSet } from '../../src/data/copyLoad.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Db } from '../../src/db/types.ts';
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

  it('injects a known error of every rule past the set and detection finds exactly them', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      const report = await copyScaleSet(test.url!, {
        policies: 400,
        today: '2025-06-15',
        seed: 11,
        anomalies: true,
      });
      expect(report.policies).toBe(400 + report.manifest.length);
      expect(new Set(report.manifest.map((a) => a.regle)).size).toBe(6);
      const key = (a: Record<string, unknown>) =>
        [a.regle, a.idPolice, a.idBordereau ?? '-', a.mois, a.typeMouvement, a.periode, a.montant].join(' ');
      const found = await test.db.query<Record<string, unknown>>(
        `select regle, id_police::text as "idPolice", id_bordereau::text as "idBordereau",
                to_char(mois, 'YYYY-MM-DD') as mois, type_mouvement as "typeMouvement",
                to_char(periode, 'YYYY-MM-DD') as periode, montant::text as montant from anomaly`,
      );
      expect(found.map(key).sort()).toEqual(report.manifest.map((a) => key({ ...a })).sort());
      // The statements still add up with the injected lines.
      const mismatches = await test.db.query(`
        select c.id_bordereau from commission c
          left join (select id_bordereau, sum(montant) s from commission_mouvement group by 1) m using (id_bordereau)
         where coalesce(m.s, 0) + c.solde_precedent <> c.montant`);
      expect(mismatches).toEqual([]);
    } finally {
      await test.dispose();
    }
  }, 120_000);

  const indexDefs = async (db: Db) =>
    (
      await db.query<{ d: string }>(
        'select indexdef d from pg_indexes where schemaname = current_schema() order by 1',
      )
    ).map((r) => r.d);
  const userTriggersOff = async (db: Db) =>
    Number(
      (
        await db.query<{ n: number }>(
          "select count(*)::int n from pg_trigger where not tgisinternal and tgenabled = 'D'",
        )
      )[0]!.n,
    );

  it('loads first and builds the same indexes after, with the scope counts made from the rows', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      const before = await indexDefs(test.db);
      expect(before.length).toBeGreaterThan(40);
      const report = await copyScaleSet(test.url!, { policies: 200, today: '2025-06-15', seed: 3 });
      expect(report.loadSeconds).toBeLessThanOrEqual(report.seconds);
      expect(await indexDefs(test.db)).toEqual(before);
      expect(await userTriggersOff(test.db)).toBe(0);
      const wrong = await test.db.query(`
        select s.* from scope_count s
         where s.table_name = 'police' and s.scope = 'courtier'
           and s.n <> (select count(*) from police p where p.code_courtier_portail = s.code)`);
      expect(wrong).toEqual([]);
      const [{ n }] = (await test.db.query<{ n: number }>(
        "select n::int from scope_count where table_name = 'police' and scope = 'all'",
      )) as [{ n: number }];
      expect(n).toBe(200);
    } finally {
      await test.dispose();
    }
  }, 120_000);

  /** Each table's rows without the generated id, as one digest (the rows' order does not count). */
  const contentDigest = async (db: Db) => {
    const out: Record<string, string> = {};
    for (const table of GENERATED_TABLES) {
      const [{ digest }] = (await db.query<{ digest: string }>(
        `select count(*) || ':' || md5(coalesce(string_agg(x, E'\\n' order by x), '')) digest
           from (select (to_jsonb(t) - 'id')::text x from ${table} t) rows`,
      )) as [{ digest: string }];
      out[table] = digest;
    }
    return out;
  };

  it('loads the same rows for a seed whatever the number of generator threads', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      const options = { policies: 250, today: '2025-06-15', seed: 9 };
      const one = await copyScaleSet(test.url!, { ...options, workers: 1 });
      const digest = await contentDigest(test.db);
      const three = await copyScaleSet(test.url!, { ...options, workers: 3, truncate: true });
      expect(await contentDigest(test.db)).toEqual(digest);
      // Timings differ between runs; every count must not.
      const counts = (r: typeof one) => ({
        ...r,
        loadSeconds: 0,
        indexSeconds: 0,
        reconcileSeconds: 0,
        seconds: 0,
      });
      expect(counts(three)).toEqual(counts(one));
      expect(three.policies).toBe(250);
    } finally {
      await test.dispose();
    }
  }, 120_000);

  it('stops every thread and leaves the database as it was when one slice fails', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      // The second slice's policies (ids from 1,000,151) break a check: its COPY fails, the first's would not.
      await test.db.exec('alter table police add constraint first_slice_only check (id_police < 1000151)');
      const before = await indexDefs(test.db);
      await expect(
        copyScaleSet(test.url!, { policies: 300, today: '2025-06-15', workers: 2 }),
      ).rejects.toThrow(/first_slice_only/);
      expect(await indexDefs(test.db)).toEqual(before);
      expect(await userTriggersOff(test.db)).toBe(0);
      for (const table of ['police', 'police_assure', 'commission_mouvement', 'timeline_event', 'commission'])
        expect((await test.db.query(`select 1 from ${table} limit 1`)).length, table).toBe(0);
      const [{ n }] = (await test.db.query<{ n: number }>(
        "select count(*)::int n from pg_stat_activity where datname = current_database() and query ilike 'copy %'",
      )) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await test.dispose();
    }
  }, 120_000);

  it('leaves the database as it was when the load fails', async () => {
    const test = await openTestDb('postgres');
    try {
      await migrate(test.db);
      // A column the generator does not fill and that refuses NULL: the policies' COPY fails.
      await test.db.exec('alter table police add column must_fill text not null');
      const before = await indexDefs(test.db);
      await expect(copyScaleSet(test.url!, { policies: 100, today: '2025-06-15' })).rejects.toThrow(
        /must_fill/,
      );
      expect(await indexDefs(test.db)).toEqual(before);
      expect(await userTriggersOff(test.db)).toBe(0);
      for (const table of ['police', 'police_assure', 'commission_mouvement', 'timeline_event', 'commission'])
        expect((await test.db.query(`select 1 from ${table} limit 1`)).length, table).toBe(0);
    } finally {
      await test.dispose();
    }
  }, 120_000);
});
