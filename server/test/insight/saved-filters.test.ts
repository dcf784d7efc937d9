/**
 * /api/saved-filters: a user's saved lists, private to that user (another user's is 404 for every
 * verb), the query checked by the list's own rules (an unknown field, operator, sort, column or a
 * column the caller may not see is a 400 naming `query`), one default per user and list, and
 * JHipster-shaped answers (Location, alert headers, problem bodies).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDb, targets } from '../entities/harness.ts';
import { DATA_SETS, insightApp, users } from './harness.ts';

type Who = 'courtier' | 'courtier2' | 'compta' | 'user';
const ids: Record<Who, number> = { courtier: 0, courtier2: 0, compta: 0, user: 0 };
const as = (who: Who) => ({ 'x-test-principal': JSON.stringify({ ...users[who], id: ids[who] }) });

describe.each(targets)('saved filters on $name', (target) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    testDb = await target.open();
    await DATA_SETS.demo(testDb.db);
    for (const who of Object.keys(ids) as Who[]) {
      const [row] = await testDb.db.query<{ id: string }>(
        `INSERT INTO users (login, password_hash, activated) VALUES ($1, 'x', true)
         ON CONFLICT (login) DO UPDATE SET login = excluded.login RETURNING id`,
        [who],
      );
      ids[who] = Number(row!.id);
    }
    app = await insightApp(testDb.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('creates, reads, lists, updates and deletes a saved list, with JHipster headers', async () => {
    const created = await call('courtier', 'POST', '/api/saved-filters', {
      name: '  Impayés Paris  ',
      list: 'police',
      query: '?preset=IMP&cp.startsWith=75&sort=nomprenom,asc&columns=police,nomprenom',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Impayés Paris',
      list: 'police',
      query: 'preset=IMP&cp.startsWith=75&sort=nomprenom%2Casc&columns=police%2Cnomprenom',
      isDefault: false,
    });
    expect(created.headers.location).toBe(`/api/saved-filters/${body.id}`);
    expect(created.headers['x-extranetapp-alert']).toBe('extranetApp.savedFilter.created');
    expect(created.headers['x-extranetapp-params']).toBe(String(body.id));

    expect((await call('courtier', 'GET', `/api/saved-filters/${body.id}`)).json()).toEqual(body);
    expect((await call('courtier', 'GET', '/api/saved-filters?list=police')).json()).toEqual([body]);
    expect((await call('courtier', 'GET', '/api/saved-filters?list=police-assure')).json()).toEqual([]);

    const renamed = await call('courtier', 'PUT', `/api/saved-filters/${body.id}`, {
      ...body,
      name: 'Impayés 75',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Impayés 75');
    expect(renamed.headers['x-extranetapp-alert']).toBe('extranetApp.savedFilter.updated');
    // JHipster's PUT without the id in the address.
    const again = await call('courtier', 'PUT', '/api/saved-filters', { ...body, name: 'Impayés' });
    expect(again.json().name).toBe('Impayés');

    const deleted = await call('courtier', 'DELETE', `/api/saved-filters/${body.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.headers['x-extranetapp-alert']).toBe('extranetApp.savedFilter.deleted');
    expect((await call('courtier', 'GET', `/api/saved-filters/${body.id}`)).statusCode).toBe(404);
  });

  it("keeps a user's saved lists private: another user's is not found, for every verb, and unchanged", async () => {
    const mine = (
      await call('courtier', 'POST', '/api/saved-filters', { name: 'Mine', list: 'commission', query: '' })
    ).json();
    expect((await call('courtier2', 'GET', '/api/saved-filters')).json()).toEqual([]);
    for (const response of [
      await call('courtier2', 'GET', `/api/saved-filters/${mine.id}`),
      await call('courtier2', 'PUT', `/api/saved-filters/${mine.id}`, { ...mine, name: 'Taken' }),
      await call('courtier2', 'PUT', '/api/saved-filters', { ...mine, name: 'Taken' }),
      await call('courtier2', 'DELETE', `/api/saved-filters/${mine.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 404, message: 'error.http.404' });
    }
    expect((await call('courtier', 'GET', `/api/saved-filters/${mine.id}`)).json()).toEqual(mine);
  });

  it("keeps the timeline's and a statement's lines' saved lists private too, with the queries their screens save", async () => {
    const created = [];
    for (const [list, query] of [
      ['timeline', 'typeMessage.in=AFN%2CIMP%2CMED'],
      ['mouvements', 'libelleMouvement.in=Commission+r%C3%A9currente&sort=montant%2Casc'],
    ] as const) {
      const response = await call('courtier', 'POST', '/api/saved-filters', { name: 'Mine', list, query });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ list, query, isDefault: false });
      created.push(response.json());
      expect((await call('courtier2', 'GET', `/api/saved-filters?list=${list}`)).json()).toEqual([]);
      expect((await call('courtier', 'GET', `/api/saved-filters?list=${list}`)).json()).toHaveLength(1);
    }
    for (const mine of created) {
      expect((await call('courtier2', 'GET', `/api/saved-filters/${mine.id}`)).statusCode).toBe(404);
      expect((await call('courtier2', 'DELETE', `/api/saved-filters/${mine.id}`)).statusCode).toBe(404);
      expect((await call('courtier', 'DELETE', `/api/saved-filters/${mine.id}`)).statusCode).toBe(200);
    }
  });

  it('keeps one default per user and list', async () => {
    const post = (name: string, isDefault: boolean) =>
      call('compta', 'POST', '/api/saved-filters', {
        name,
        list: 'commission',
        query: 'sort=montant,desc',
        isDefault,
      });
    const a = (await post('A', true)).json();
    const b = (await post('B', true)).json();
    const list = () => call('compta', 'GET', '/api/saved-filters?list=commission').then((r) => r.json());
    expect((await list()).map((f: { name: string; isDefault: boolean }) => [f.name, f.isDefault])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    await call('compta', 'PUT', `/api/saved-filters/${a.id}`, { ...a, isDefault: true });
    expect((await list()).map((f: { isDefault: boolean }) => f.isDefault)).toEqual([true, false]);
    // Another user's default is untouched by this one's.
    const other = (
      await call('courtier', 'POST', '/api/saved-filters', {
        name: 'C',
        list: 'commission',
        query: '',
        isDefault: true,
      })
    ).json();
    expect((await call('courtier', 'GET', `/api/saved-filters/${other.id}`)).json().isDefault).toBe(true);
    expect((await list()).map((f: { isDefault: boolean }) => f.isDefault)).toEqual([true, false]);
    expect(b.isDefault).toBe(true);
  });

  it.each([
    [{ list: 'police', query: '' }, 'name', 'NotBlank'],
    [{ name: 'x'.repeat(101), list: 'police', query: '' }, 'name', 'Size'],
    [{ name: 'n', list: 'nope', query: '' }, 'list', 'Pattern'],
    [{ name: 'n', query: '' }, 'list', 'NotNull'],
    [{ name: 'n', list: 'police' }, 'query', 'NotNull'],
    [{ name: 'n', list: 'police', query: 'unknownField.equals=1' }, 'query', 'UnknownField'],
    [{ name: 'n', list: 'police', query: 'cp.between=1' }, 'query', 'UnknownOperator'],
    [{ name: 'n', list: 'police', query: 'sort=nope,asc' }, 'query', 'UnknownField'],
    [{ name: 'n', list: 'police', query: 'columns=police,nope' }, 'query', 'UnknownField'],
    [{ name: 'n', list: 'police', query: 'preset=XYZ' }, 'query', 'UnknownPreset'],
    [{ name: 'n', list: 'police', query: 'bogus=1' }, 'query', 'UnknownParameter'],
    [{ name: 'n', list: 'police', query: '', isDefault: 'yes' }, 'isDefault', 'TypeMismatch'],
  ])('refuses %j with a 400 on %s (%s), storing nothing', async (payload, field, code) => {
    const before = (await call('courtier2', 'GET', '/api/saved-filters')).json();
    const response = await call('courtier2', 'POST', '/api/saved-filters', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'error.validation',
      fieldErrors: [{ objectName: 'savedFilter', field, message: code }],
    });
    expect((await call('courtier2', 'GET', '/api/saved-filters')).json()).toEqual(before);
  });

  it("refuses a query naming a column the caller's scope hides, and a list the caller may not open", async () => {
    // Contact fields need ROLE_COORD: courtier has it, courtier2 does not.
    const query = 'ville.contains=PARIS';
    expect(
      (await call('courtier', 'POST', '/api/saved-filters', { name: 'Ville', list: 'police', query }))
        .statusCode,
    ).toBe(201);
    const hidden = await call('courtier2', 'POST', '/api/saved-filters', {
      name: 'Ville',
      list: 'police',
      query,
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fieldErrors[0].field).toBe('query');
    // compta has no ROLE_PORTEFEUILLE: the policy list is not one of its lists.
    const closed = await call('compta', 'POST', '/api/saved-filters', {
      name: 'P',
      list: 'police',
      query: '',
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fieldErrors[0]).toMatchObject({ field: 'list', message: 'Pattern' });
    expect((await call('user', 'GET', '/api/saved-filters?list=police')).statusCode).toBe(400);
  });

  it('refuses a second saved list of the same name in one list, and a new one carrying an id', async () => {
    const first = await call('courtier2', 'POST', '/api/saved-filters', {
      name: 'Dup',
      list: 'timeline',
      query: 'typeMessage.in=IMP,MED',
    });
    expect(first.statusCode).toBe(201);
    const dup = await call('courtier2', 'POST', '/api/saved-filters', {
      name: 'Dup',
      list: 'timeline',
      query: '',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors[0]).toMatchObject({ field: 'name', message: 'Unique' });
    // The same name in another list is another saved list.
    expect(
      (await call('courtier2', 'POST', '/api/saved-filters', { name: 'Dup', list: 'commission', query: '' }))
        .statusCode,
    ).toBe(201);
    const withId = await call('courtier2', 'POST', '/api/saved-filters', {
      id: 5,
      name: 'New',
      list: 'commission',
      query: '',
    });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().message).toBe('error.idexists');
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/saved-filters' });
    expect(response.statusCode).toBe(401);
  });
});
