/**
 * Names sort as a French reader expects, accents and case folded ("THOMAS Élodie" before
 * "THOMAS Mathieu", "Émile" among the E's), on both databases; and the sort by name of both
 * portfolio lists is read in order from an index of the caller's scope (migration 0060), so a
 * page stops after its rows. The EXPLAIN reads the statements the server really sends, planned
 * with sequential scans and sorts off: without an index in that collation the plan keeps its
 * Sort and the case fails (on five rows the planner would rightly choose a scan otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { entitiesApp, get, type TestDb, targets, type UserName } from '../entities/harness.ts';
import { seed } from '../entities/seed.ts';
import { describeAccess, explain, ordered, readPlan, type Statement } from './explain-plan.ts';
import { splitJoined } from './joined.ts';

/** Policies 1001–1003 are broker C0001's (wholesaler G0001 with 1005), 1004 C0002's. */
const NAMES: Readonly<Record<number, string>> = {
  1001: 'THOMAS Mathieu',
  1002: 'thomas Alain',
  1003: 'THOMAS Élodie',
  1004: 'Émile ZOLA',
  1005: 'EVE Durand',
};

describe.each(targets)('names in French order on $name', (target) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let recording: Statement[] = [];

  beforeAll(async () => {
    testDb = await target.open();
    await seed(testDb.db);
    for (const [id, name] of Object.entries(NAMES))
      await testDb.db.query('update police set nomprenom = $1 where id_police = $2', [name, Number(id)]);
    // The four insured persons (of three policies) get four of the names, out of order.
    const insured = await testDb.db.query<{ id: number }>('select id from police_assure order by id');
    const shuffled = ['THOMAS Mathieu', 'Émile ZOLA', 'THOMAS Élodie', 'thomas Alain'];
    for (const [i, row] of insured.entries())
      await testDb.db.query('update police_assure set nomprenom = $1 where id = $2', [shuffled[i], row.id]);
    const db = testDb.db;
    const recorder: Db = {
      ...db,
      query: (sql, params) => {
        recording.push(...splitJoined({ sql, params: params ?? [] }));
        return db.query(sql, params);
      },
    };
    app = await entitiesApp(recorder);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const names = async (user: UserName, path: string, sort: string) => {
    const response = await get(app, user, `${path}?sort=${sort}&size=20`);
    expect(response.statusCode, response.body).toBe(200);
    return (JSON.parse(response.body) as { nomprenom: string }[]).map((row) => row.nomprenom);
  };

  it('sorts policies by name with accents and case folded, both ways', async () => {
    const french = ['Émile ZOLA', 'EVE Durand', 'thomas Alain', 'THOMAS Élodie', 'THOMAS Mathieu'];
    expect(await names('admin', '/api/police', 'nomprenom,asc')).toEqual(french);
    expect(await names('admin', '/api/police', 'nomprenom,desc')).toEqual([...french].reverse());
    expect(await names('courtier', '/api/police', 'nomprenom,asc')).toEqual([
      'thomas Alain',
      'THOMAS Élodie',
      'THOMAS Mathieu',
    ]);
  });

  it('sorts insured persons by name the same way', async () => {
    expect(await names('admin', '/api/police-assures', 'nomprenom,asc')).toEqual([
      'Émile ZOLA',
      'thomas Alain',
      'THOMAS Élodie',
      'THOMAS Mathieu',
    ]);
  });

  const cases: [UserName, string, string, string][] = [
    ['courtier', '/api/police', 'police', 'police_courtier_name_idx'],
    ['grossiste', '/api/police', 'police', 'police_grossiste_name_idx'],
    ['admin', '/api/police', 'police', 'police_name_idx'],
    ['courtier', '/api/police-assures', 'police_assure', 'police_assure_courtier_name_idx'],
    ['grossiste', '/api/police-assures', 'police_assure', 'police_assure_grossiste_name_idx'],
    ['admin', '/api/police-assures', 'police_assure', 'police_assure_name_idx'],
  ];

  it.each(cases)(
    'reads %s’s page of %s by name from %s’s index in order',
    async (user, path, table, index) => {
      recording = [];
      await names(user, path, 'nomprenom,asc');
      const page = recording.find((s) => /\border by\b/.test(s.sql) && s.sql.includes(`from ${table} where`));
      expect(page, 'the page statement').toBeDefined();
      const reading = await testDb.db.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off');
        await tx.exec('set local enable_sort = off');
        return readPlan(await explain(tx, page!), table, new Set());
      });
      expect(ordered(reading), describeAccess(reading)).toBe(true);
      expect(reading.accesses.flatMap((a) => a.indexes)).toEqual([index]);
    },
  );
});
