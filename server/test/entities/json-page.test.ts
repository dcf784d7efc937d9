/**
 * List pages leave PostgreSQL as one JSON text (json.ts `jsonRowSql`). The answer
 * must be byte for byte what the server sent when it built an object per row (`toJson`, then
 * JSON.stringify): every list resource, every column an admin sees, over the seeded rows plus
 * rows holding the awkward values (quotes, backslashes, control characters, non-Latin text,
 * trailing zeros, the smallest rate, large amounts, microseconds, nulls).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionResource } from '../../src/entities/commissions/resource.ts';
import { visibleFields } from '../../src/entities/engine/columns.ts';
import type { ResourceDef } from '../../src/entities/engine/fields.ts';
import { jsonColumns, toJson } from '../../src/entities/engine/json.ts';
import { mouvementResource } from '../../src/entities/mouvements/resource.ts';
import { policeResource } from '../../src/entities/police/resource.ts';
import { policeAssureResource } from '../../src/entities/police-assures/resource.ts';
import { timelineResource } from '../../src/entities/timelines/resource.ts';
import { entitiesApp, get, type TestDb, targets, users } from './harness.ts';
import { seed } from './seed.ts';

const AWKWARD = 'Guillemet " barre \\ tab\t ligne\n retour\r cloche\u0007 é ß 漢字 😀 \u2028';

const LISTS: readonly [string, ResourceDef, string][] = [
  ['/api/police', policeResource, 'id'],
  ['/api/police-assures', policeAssureResource, 'id'],
  ['/api/commissions', commissionResource, 'id'],
  ['/api/commission-mouvements', mouvementResource, 'id'],
  ['/api/timelines', timelineResource, 'id'],
];

describe.each(targets)('list pages as JSON built in SQL on $name', (target) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await target.open();
    await seed(testDb.db);
    const db = testDb.db;
    await db.query(
      `insert into police (id_police, police, nomprenom, code_courtier_portail, code_courtier_grossiste_portail,
         cotisation_ttc, taux_commission_annee1, montant_commission_annee1, date_creation, date_effet)
       values (9001, $1, $1, 'C0001', 'G0001', 123456789012.30, 0.000001, 0.10, '2031-01-01', '1900-01-01'),
              (9002, '', null, 'C0001', 'G0001', -0.50, 12.5, 0, '2031-01-02', null)`,
      [AWKWARD],
    );
    await db.query(
      `insert into timeline_event (id_police, code_courtier_portail, code_courtier_grossiste_portail, type_message, message, time)
       values (9001, 'C0001', 'G0001', 'AFN', $1, '2026-03-04T05:06:07.891234Z'),
              (9001, 'C0001', 'G0001', 'RSL', null, '1999-12-31T23:59:59Z')`,
      [AWKWARD],
    );
    app = await entitiesApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** What the server sent before: the rows selected with their columns, one object each. */
  async function objectsPath(
    resource: ResourceDef,
    caller: (typeof users)['admin'],
    sort: string,
  ): Promise<string> {
    const fields = visibleFields(resource, caller, 'list');
    const rows = await testDb.db.query(
      `select ${jsonColumns(fields)} from ${resource.table} order by ${sort} desc nulls last limit 50`,
    );
    return JSON.stringify(rows.map((row) => toJson(fields, row)));
  }

  for (const [url, resource, sort] of LISTS) {
    it(`${url}: the same bytes as one object per row`, async () => {
      const response = await get(app, 'admin', `${url}?sort=${sort},desc&size=50`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const expected = await objectsPath(resource, users.admin, sort);
      expect(JSON.parse(expected).length).toBeGreaterThan(1);
      expect(response.body).toBe(expected);
    });
  }

  it('answers an empty page as []', async () => {
    const response = await get(app, 'nocode', '/api/police');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[]');
  });
});
