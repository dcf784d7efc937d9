import { describe, expect, it } from 'vitest';
import { get, targets, type UserName } from './harness.ts';
import { COMMISSION_FIELDS, CONTACT_FIELDS } from './scoped-fields.ts';
import { seededApp } from './seeded.ts';

describe.each(targets)('scope on $name', (target) => {
  const seeded = seededApp(target);

  const rows = async (user: UserName, url: string) => {
    const response = await get(seeded.app, user, url);
    expect(response.statusCode, `${user} ${url}: ${response.body}`).toBe(200);
    return JSON.parse(response.body) as Record<string, unknown>[];
  };
  const keys = async (user: UserName, url: string, key: string) =>
    (await rows(user, url)).map((row) => row[key]).sort();

  it.each([
    [
      '/api/police',
      'idPolice',
      {
        admin: [1001, 1002, 1003, 1004, 1005],
        courtier: [1001, 1002, 1003],
        courtier2: [1004],
        grossiste: [1001, 1002, 1003, 1005],
        portefeuille: [1001, 1002, 1003],
        nocode: [],
      },
    ],
    [
      '/api/police-assures',
      'idAssure',
      {
        admin: [3001, 3002, 3003, 3004],
        courtier: [3001, 3002, 3004],
        courtier2: [3003],
        grossiste: [3001, 3002, 3004],
        nocode: [],
      },
    ],
    [
      '/api/commissions',
      'idBordereau',
      {
        admin: [2001, 2002, 2003, 2004],
        courtier: [2001, 2002, 2003],
        courtier2: [2004],
        grossiste: [2001, 2002, 2003],
        compta: [2001, 2002, 2003],
        nocode: [],
      },
    ],
    [
      '/api/commission-mouvements',
      'idPolice',
      {
        admin: [1001, 1001, 1002, 1004],
        courtier: [1001, 1001, 1002],
        courtier2: [1004],
        grossiste: [1001, 1001, 1002],
        nocode: [],
      },
    ],
    [
      '/api/timelines',
      'idPolice',
      {
        admin: [1001, 1001, 1002, 1004, 1005],
        courtier: [1001, 1001, 1002],
        courtier2: [1004],
        grossiste: [1001, 1001, 1002, 1005],
        user: [1001, 1001, 1002],
        nocode: [],
      },
    ],
  ] as const)('lists of %s hold only the rows in scope', async (url, key, expected) => {
    for (const [user, values] of Object.entries(expected)) {
      expect(await keys(user as UserName, `${url}?size=100`, key), `${user} ${url}`).toEqual(values);
      const response = await get(seeded.app, user as UserName, `${url}?size=100`);
      expect(response.headers['x-total-count']).toBe(String(values.length));
    }
  });

  it.each([
    ['/api/police/1004', 'courtier'],
    ['/api/police/1001', 'courtier2'],
    ['/api/police/1004', 'grossiste'],
    ['/api/police/1001', 'nocode'],
    ['/api/police/9999', 'admin'],
    ['/api/police-assures/3003', 'courtier'],
    ['/api/assures/1004', 'courtier'],
    ['/api/commissions/2004', 'courtier'],
    ['/api/commissions/2001', 'courtier2'],
    ['/api/commissions/bordereau/2004', 'courtier'],
    ['/api/commissions/download/2001', 'courtier2'],
    ['/api/mouvements/2004', 'courtier'],
    ['/api/mouvements/2004/export.csv', 'courtier'],
    ['/api/mouvements/police/1004', 'grossiste'],
    ['/api/police-event/1004', 'courtier'],
    ['/api/police-event/1005', 'courtier'],
  ] as const)('%s is 404 for %s, as an unknown id', async (url, user) => {
    const response = await get(seeded.app, user, url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).not.toContain('BERNARD');
  });

  it('finds rows in scope on detail and child routes', async () => {
    expect((await rows('grossiste', '/api/police-event/1005')).map((e) => e.typeMessage)).toEqual(['IMP']);
    expect((await rows('courtier', '/api/assures/1001')).map((a) => a.rang)).toEqual([1, 2]);
    expect((await rows('courtier2', '/api/mouvements/police/1004')).length).toBe(1);
    const timeline = await get(seeded.app, 'courtier', '/api/timelines/1');
    expect(timeline.statusCode).toBe(200);
    const foreign = await get(seeded.app, 'courtier', '/api/timelines/4');
    expect(foreign.statusCode).toBe(404);
  });

  it('a wholesaler sees the rows of its brokers only, by the wholesaler code', async () => {
    const policies = await rows('grossiste', '/api/police?size=100');
    expect(new Set(policies.map((p) => p.codeCourtierPortail))).toEqual(new Set(['C0001', 'C0003']));
    expect(new Set(policies.map((p) => p.codeCourtierGrossistePortail))).toEqual(new Set(['G0001']));
  });

  it('hides commission fields without ROLE_COMPTA, in lists and details', async () => {
    const [listed] = await rows('portefeuille', '/api/police?sort=idPolice');
    const detail = (await get(seeded.app, 'portefeuille', '/api/police/1001')).json();
    for (const field of COMMISSION_FIELDS) {
      expect(listed).not.toHaveProperty(field);
      expect(detail).not.toHaveProperty(field);
    }
    const assure = (await get(seeded.app, 'portefeuille', '/api/police-assures/3001')).json();
    expect(assure).not.toHaveProperty('commissionnement');
    const withCompta = (await get(seeded.app, 'courtier', '/api/police/1001')).json();
    expect(withCompta.commissionnement).toBe('Linéaire');
    expect(withCompta.montantCommissionTotale).toBe(12.34);
  });

  it('hides contact fields from lists without ROLE_COORD but shows them on the policy detail', async () => {
    const [listed] = await rows('portefeuille', '/api/police?sort=idPolice');
    for (const field of CONTACT_FIELDS) expect(listed).not.toHaveProperty(field);
    const detail = (await get(seeded.app, 'portefeuille', '/api/police/1001')).json();
    expect(detail.ville).toBe('Paris');
    expect(detail.email).toBe('jean.dupont@example.fr');
    const [coord] = await rows('courtier', '/api/police?sort=idPolice');
    expect(coord?.ville).toBe('Paris');
    expect(coord?.tel1).toBe('0102030405');
    const [assure] = await rows('portefeuille', '/api/police-assures?sort=idAssure');
    expect(assure).not.toHaveProperty('ville');
  });

  it.each([
    ['/api/police', ['compta', 'user']],
    ['/api/police/1001', ['compta', 'user']],
    ['/api/police-assures', ['compta', 'user']],
    ['/api/assures/1001', ['compta', 'user']],
    ['/api/commissions', ['portefeuille', 'user']],
    ['/api/commissions/2001', ['portefeuille', 'user']],
    ['/api/commissions/bordereau/2001', ['portefeuille', 'user']],
    ['/api/commissions/download/2001', ['portefeuille', 'user']],
    ['/api/commission-mouvements', ['portefeuille', 'user']],
    ['/api/mouvements/2001', ['portefeuille', 'user']],
    ['/api/mouvements/police/1001', ['portefeuille', 'user']],
    ['/api/police/export.csv', ['compta', 'portefeuille', 'user']],
    ['/api/commissions/export.csv', ['portefeuille', 'compta']],
    ['/api/mouvements/2001/export.csv', ['portefeuille', 'compta']],
  ] as const)('%s is 403 for roles the spec does not grant', async (url, forbidden) => {
    for (const user of forbidden) {
      const response = await get(seeded.app, user, url);
      expect(response.statusCode, `${user} ${url}`).toBe(403);
    }
  });

  it('is 401 without a signed-in user', async () => {
    const response = await seeded.app.inject({ method: 'GET', url: '/api/timelines' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 naming the parameter for a malformed id', async () => {
    const response = await get(seeded.app, 'courtier', "/api/police/1001'%20or%201=1");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe('idPolice');
  });
});
