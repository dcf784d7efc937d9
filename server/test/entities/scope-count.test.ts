import { describe, expect, it } from 'vitest';
import { as, get, targets, type UserName } from './harness.ts';
import { seededApp } from './seeded.ts';

const CALLERS: readonly [UserName, string][] = [
  ['admin', 'true'],
  ['courtier', "code_courtier_portail = 'C0001'"],
  ['courtier2', "code_courtier_portail = 'C0002'"],
  ['grossiste', "code_courtier_grossiste_portail = 'G0001'"],
  ['nocode', 'false'],
];

describe.each(targets)('scope counts on $name', (target) => {
  const seeded = seededApp(target);

  /** Every caller's X-Scope-Count on both lists equals a count of the table's rows in its scope. */
  const expectExact = async () => {
    for (const [table, url] of [
      ['police', '/api/police?page=0&size=1'],
      ['police_assure', '/api/police-assures?page=0&size=1'],
    ] as const) {
      for (const [user, where] of CALLERS) {
        const [{ n }] = (await seeded.testDb.db.query<{ n: number }>(
          `select count(*)::int as n from ${table} where ${where}`,
        )) as [{ n: number }];
        const response = await get(seeded.app, user, url);
        expect(response.statusCode).toBe(200);
        expect({ table, user, count: Number(response.headers['x-scope-count']) }).toEqual({
          table,
          user,
          count: n,
        });
      }
    }
    // The kept policies per status (migration 0022, the admin's dashboard) equal a real count.
    const kept = await seeded.testDb.db.query<{ statut: string; n: number }>(
      'select statut, n::int as n from police_status_count where n <> 0 order by statut',
    );
    const counted = await seeded.testDb.db.query<{ statut: string; n: number }>(
      "select coalesce(statut, '') as statut, count(*)::int as n from police group by 1 order by 1",
    );
    expect(kept).toEqual(counted);
  };

  it('matches a real count of the seeded rows', async () => {
    const [{ n }] = (await seeded.testDb.db.query<{ n: number }>(
      "select count(*)::int as n from police where code_courtier_portail = 'C0001'",
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(1);
    await expectExact();
  });

  it('follows admin writes: create, move to another broker, delete', async () => {
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      seeded.app.inject({ method, url, headers: as('admin'), ...(payload ? { payload } : {}) });
    expect(
      (
        await send('POST', '/api/police', {
          idPolice: 7001,
          codeCourtierPortail: 'C0001',
          codeCourtierGrossistePortail: 'G0001',
          nomprenom: 'COMPTE Test',
          statut: 'En cours',
        })
      ).statusCode,
    ).toBe(201);
    await expectExact();
    expect(
      (
        await send('PUT', '/api/police', {
          idPolice: 7001,
          codeCourtierPortail: 'C0002',
          codeCourtierGrossistePortail: 'G0002',
          nomprenom: 'COMPTE Test',
        })
      ).statusCode,
    ).toBe(200);
    await expectExact();
    // An edit that keeps the codes changes no count.
    await seeded.testDb.db.query("update police set nomprenom = 'AUTRE' where id_police = 7001");
    await expectExact();
    await seeded.testDb.db.query("update police set statut = 'Terminé' where id_police = 7001");
    await expectExact();
    expect((await send('DELETE', '/api/police/7001')).statusCode).toBe(200);
    await expectExact();
  });

  it('is unchanged by a transaction that fails after writing', async () => {
    const before = await seeded.testDb.db.query('select * from scope_count order by table_name, scope, code');
    await expect(
      seeded.testDb.db.transaction(async (tx) => {
        await tx.query(
          "insert into police (id_police, code_courtier_portail, code_courtier_grossiste_portail, statut) values (7002, 'C0001', 'G0001', 'En cours')",
        );
        await tx.query("delete from police_assure where code_courtier_portail = 'C0002'");
        throw new Error('import failed half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(
      await seeded.testDb.db.query('select * from scope_count order by table_name, scope, code'),
    ).toEqual(before);
    await expectExact();
  });

  it('is read from the counts table, not counted on each page', async () => {
    await seeded.testDb.db.query(
      "update scope_count set n = n + 1000 where table_name = 'police' and scope = 'courtier' and code = 'C0001'",
    );
    try {
      const response = await get(seeded.app, 'courtier', '/api/police?page=0&size=1');
      const [{ n }] = (await seeded.testDb.db.query<{ n: number }>(
        "select count(*)::int as n from police where code_courtier_portail = 'C0001'",
      )) as [{ n: number }];
      expect(Number(response.headers['x-scope-count'])).toBe(n + 1000);
    } finally {
      await seeded.testDb.db.query(
        "update scope_count set n = n - 1000 where table_name = 'police' and scope = 'courtier' and code = 'C0001'",
      );
    }
  });

  it('is recounted by scope_count_refresh and emptied by a truncate', async () => {
    await seeded.testDb.db.exec('delete from scope_count; delete from police_status_count');
    await seeded.testDb.db.exec(
      "select scope_count_refresh('police'); select scope_count_refresh('police_assure')",
    );
    await expectExact();
    await seeded.testDb.db.exec('truncate police_assure');
    await expectExact();
    await seeded.testDb.db.exec('truncate police cascade');
    await expectExact();
  });
});
