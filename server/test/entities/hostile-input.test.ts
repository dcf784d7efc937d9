/**
 * SQL metacharacters and other hostile text in every parameter of every entity list: each
 * answers 200 (the text matched literally) or a 400 problem, never a 500, and the data is
 * unchanged afterwards.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitiesApp, get, type TestDb, targets } from './harness.ts';
import { seed } from './seed.ts';

const HOSTILE = [
  "'; drop table police; --",
  '" or ""="',
  '1 or 1=1',
  '%',
  '_',
  '\\',
  '$1',
  '\u0000',
  'é'.repeat(600),
  ') union select * from app_user --',
];

const LISTS = [
  [
    '/api/police',
    [
      'nomprenom.contains',
      'cp.startsWith',
      'risque.in',
      'dateEffet.gte',
      'ageAdherent.lt',
      'idPolice.equals',
    ],
  ],
  ['/api/police-assures', ['nomprenom.startsWith', 'dateNaissance.lte', 'moisNaissance.equals']],
  ['/api/commissions', ['courtier.in', 'mois.gte', 'montant.gt']],
  ['/api/commission-mouvements', ['libelleMouvement.in', 'taux.gte']],
  ['/api/mouvements/2001', ['nomprenom.startsWith', 'gamme.in']],
  ['/api/timelines', ['message.contains', 'time.gte', 'typeMessage.in']],
] as const;

const COMMON = ['q', 'sort', 'page', 'size', 'preset'];
const EXPORTS = [
  '/api/police/export.csv',
  '/api/police-assures/export.csv',
  '/api/commissions/export.csv',
  '/api/mouvements/2001/export.csv',
];

describe.each(targets)('hostile input on $name', (target) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const counts = async () =>
    testDb.db.query(
      `select (select count(*) from police) as p, (select count(*) from commission) as c,
              (select count(*) from commission_mouvement) as m, (select count(*) from timeline_event) as t`,
    );
  beforeAll(async () => {
    testDb = await target.open();
    await seed(testDb.db);
    app = await entitiesApp(testDb.db);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('never fails with a 500 and changes nothing', async () => {
    const before = await counts();
    for (const [path, params] of LISTS) {
      for (const param of [...params, ...COMMON, 'type']) {
        for (const value of HOSTILE) {
          const url = `${path}?${encodeURIComponent(param)}=${encodeURIComponent(value)}`;
          const response = await get(app, 'courtier', url);
          expect([200, 400], `${url} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
          if (response.statusCode === 400) expect(response.json().status).toBe(400);
        }
      }
    }
    for (const path of EXPORTS) {
      for (const value of HOSTILE) {
        for (const param of ['columns', 'q', 'sort']) {
          const response = await get(app, 'courtier', `${path}?${param}=${encodeURIComponent(value)}`);
          expect([200, 400], `${path} ${param}`).toContain(response.statusCode);
        }
      }
    }
    for (const value of HOSTILE) {
      for (const path of [
        '/api/police/',
        '/api/commissions/bordereau/',
        '/api/police-event/',
        '/api/assures/',
      ]) {
        const response = await get(app, 'courtier', `${path}${encodeURIComponent(value)}`);
        // 414: Fastify refuses path parameters over 100 characters.
        expect([400, 404, 414], `${path}${value}`).toContain(response.statusCode);
      }
    }
    expect(await counts()).toEqual(before);
  });
});
