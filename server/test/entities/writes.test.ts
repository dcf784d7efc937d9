import { describe, expect, it } from 'vitest';
import { as, get, targets, type UserName } from './harness.ts';
import { seededApp } from './seeded.ts';

describe.each(targets)('admin writes on $name', (target) => {
  const seeded = seededApp(target);

  const send = (user: UserName, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    seeded.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const count = async () => Number((await seeded.testDb.db.query('select count(*) as n from police'))[0]!.n);

  it('creates, updates and deletes a policy with the JHipster alert headers', async () => {
    const created = await send('admin', 'POST', '/api/police', {
      idPolice: 1100,
      codeCourtierPortail: 'C0001',
      nomprenom: 'NOUVEAU Client',
      dateCreation: '2024-05-01',
      cotisationTtc: 12.3,
      ignoredTexte: 'ignored',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe('/api/police/1100');
    expect(created.headers['x-extranetapp-alert']).toBe('extranetApp.police.created');
    expect(created.headers['x-extranetapp-params']).toBe('1100');
    expect(created.json()).toMatchObject({
      idPolice: 1100,
      nomprenom: 'NOUVEAU Client',
      cotisationTtc: 12.3,
    });
    expect((await get(seeded.app, 'courtier', '/api/police/1100')).statusCode).toBe(200);

    const updated = await send('admin', 'PUT', '/api/police', {
      idPolice: 1100,
      codeCourtierPortail: 'C0002',
      nomprenom: 'CHANGÉ',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers['x-extranetapp-alert']).toBe('extranetApp.police.updated');
    expect(updated.json()).toMatchObject({ nomprenom: 'CHANGÉ', cotisationTtc: null });
    expect((await get(seeded.app, 'courtier', '/api/police/1100')).statusCode).toBe(404);
    expect((await get(seeded.app, 'courtier2', '/api/police/1100')).statusCode).toBe(200);

    const deleted = await send('admin', 'DELETE', '/api/police/1100');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.headers['x-extranetapp-alert']).toBe('extranetApp.police.deleted');
    expect((await get(seeded.app, 'admin', '/api/police/1100')).statusCode).toBe(404);
    expect((await send('admin', 'DELETE', '/api/police/1100')).statusCode).toBe(404);
  });

  it('keeps the columns the writer may not see: an admin without ROLE_COMPTA does not clear commissions', async () => {
    const before = (await get(seeded.app, 'courtier', '/api/police-assures/3001')).json() as Record<
      string,
      unknown
    >;
    expect(before.commissionnement).toBe('Linéaire');
    const read = (await get(seeded.app, 'admin', '/api/police-assures/3001')).json() as Record<
      string,
      unknown
    >;
    expect(read).not.toHaveProperty('commissionnement');
    const put = await send('admin', 'PUT', '/api/police-assures/3001', {
      ...read,
      organismeAffiliation: 'CPAM 75',
    });
    expect(put.statusCode).toBe(200);
    const after = (await get(seeded.app, 'courtier', '/api/police-assures/3001')).json() as Record<
      string,
      unknown
    >;
    expect(after).toEqual({ ...before, organismeAffiliation: 'CPAM 75' });
  });

  it('refuses writes to every other role', async () => {
    const before = await count();
    for (const user of ['courtier', 'grossiste', 'compta', 'portefeuille', 'user'] as const) {
      expect((await send(user, 'POST', '/api/police', { idPolice: 1200 })).statusCode).toBe(403);
      expect((await send(user, 'PUT', '/api/police/1001', { nomprenom: 'X' })).statusCode).toBe(403);
      expect((await send(user, 'DELETE', '/api/police/1001')).statusCode).toBe(403);
      expect((await send(user, 'DELETE', '/api/commissions/2001')).statusCode).toBe(403);
      expect((await send(user, 'DELETE', '/api/commission-mouvements/1')).statusCode).toBe(403);
      expect((await send(user, 'DELETE', '/api/police-assures/3001')).statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
    expect((await get(seeded.app, 'admin', '/api/police/1001')).json().nomprenom).toBe('DUPONT Jean');
  });

  it('answers precise 400s to bad bodies and changes nothing', async () => {
    const before = await count();
    const withId = await send('admin', 'POST', '/api/police', { id: 5, idPolice: 1300 });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().message).toBe('error.idexists');
    const duplicate = await send('admin', 'POST', '/api/police', { idPolice: 1001 });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fieldErrors[0]).toMatchObject({ field: 'idPolice', message: 'Unique' });
    const noKey = await send('admin', 'POST', '/api/police', { nomprenom: 'X' });
    expect(noKey.json().fieldErrors[0]).toMatchObject({ field: 'idPolice', message: 'NotNull' });
    const badDate = await send('admin', 'POST', '/api/police', { idPolice: 1301, dateEffet: '2024-13-01' });
    expect(badDate.json().fieldErrors[0]).toMatchObject({ field: 'dateEffet', message: 'TypeMismatch' });
    const badMoney = await send('admin', 'POST', '/api/police', { idPolice: 1302, cotisationTtc: 1.005 });
    expect(badMoney.json().fieldErrors[0].field).toBe('cotisationTtc');
    // A closed list of codes is checked as the import checks it: exports do not defuse it.
    const badCode = await send('admin', 'POST', '/api/police', { idPolice: 1304, statut: '=1+1' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors[0]).toMatchObject({ field: 'statut', message: 'Pattern' });
    // So is the shape of identifiers, postal codes and e-mail addresses (exports do not defuse them either).
    for (const [field, value] of [
      ['police', '=HYPERLINK("http://x")'],
      ['cp', '+33000'],
      ['codeCourtierPortail', '-C0001'],
      ['email', '@jean@x.fr'],
      ['numeroUcr', 'UCR;1'],
    ] as const) {
      const badShape = await send('admin', 'POST', '/api/police', { idPolice: 1305, [field]: value });
      expect(badShape.statusCode, field).toBe(400);
      expect(badShape.headers['content-type']).toContain('application/problem+json');
      expect(badShape.json().fieldErrors, field).toEqual([
        { objectName: 'police', field, message: 'Pattern' },
      ]);
    }
    const badUpdate = await send('admin', 'PUT', '/api/police/1001', { idPolice: 1001, police: '+1' });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().fieldErrors[0]).toMatchObject({ field: 'police', message: 'Pattern' });
    expect((await get(seeded.app, 'admin', '/api/police/1001')).json().police).toBe('POL-1001');
    const injection = await send('admin', 'POST', '/api/police', {
      idPolice: '1303); drop table police; --',
    });
    expect(injection.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('writes statements, insured persons and movements too', async () => {
    const statement = await send('admin', 'POST', '/api/commissions', {
      idBordereau: 2100,
      codeCourtierPortail: 'C0001',
      mois: '2024-04-01',
      montant: '10.05',
    });
    expect(statement.statusCode).toBe(201);
    expect(statement.headers['x-extranetapp-alert']).toBe('extranetApp.commission.created');
    expect((await get(seeded.app, 'courtier', '/api/commissions')).headers['x-total-amount']).toBe('310.35');
    const movement = await send('admin', 'POST', '/api/commission-mouvements', {
      idBordereau: 2100,
      codeCourtierPortail: 'C0001',
      montant: 10.05,
    });
    expect(movement.statusCode).toBe(201);
    const id = movement.json().id as number;
    const put = await send('admin', 'PUT', `/api/commission-mouvements/${id}`, {
      idBordereau: 2100,
      codeCourtierPortail: 'C0001',
      montant: 11,
    });
    expect(put.json().montant).toBe(11);
    expect((await send('admin', 'DELETE', `/api/commission-mouvements/${id}`)).statusCode).toBe(200);
    const assure = await send('admin', 'POST', '/api/police-assures', {
      idAssure: 3100,
      idPolice: 1001,
      codeCourtierPortail: 'C0001',
      rang: 3,
    });
    expect(assure.headers['x-extranetapp-alert']).toBe('extranetApp.policeAssure.created');
    expect(
      (await get(seeded.app, 'courtier', '/api/assures/1001')).json().map((a: { rang: number }) => a.rang),
    ).toEqual([1, 2, 3]);
    // Deleting a statement removes its recap lines and PDF with it.
    expect((await send('admin', 'DELETE', '/api/commissions/2001')).statusCode).toBe(200);
    const orphans = await seeded.testDb.db.query(
      'select 1 from recap_line where id_bordereau = 2001 union all select 1 from commission_pdf where id_bordereau = 2001',
    );
    expect(orphans).toEqual([]);
  });
});
