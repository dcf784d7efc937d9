import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findUserByLogin, storedKey } from '../src/accounts/users.ts';
import { verifyPassword } from '../src/auth/passwords.ts';
import { forEachApp, mailedKey } from './helpers.ts';

const NON_ADMINS = ['courtier', 'courtier2', 'grossiste', 'compta', 'portefeuille', 'user'];

forEachApp((_kind, ctx) => {
  const as = async (login: string) => ctx().auth(login);
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    login?: string,
    payload?: unknown,
  ) =>
    ctx().app.inject({
      method,
      url,
      headers: login ? await as(login) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lets only ROLE_ADMIN reach every users route (401 anonymous, 403 others)', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/users'],
      ['GET', '/api/users/courtier'],
      ['GET', '/api/users/authorities'],
      ['POST', '/api/users', { login: 'x1', email: 'x1@example.com', marque: 'UCR' }],
      ['PUT', '/api/users', { id: 1, login: 'admin', email: 'admin@example.com', marque: 'UCR' }],
      ['DELETE', '/api/users/user'],
      ['GET', '/api/portail_user/sync'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(
        401,
      );
      for (const login of NON_ADMINS) {
        const response = await call(method, url, login, payload);
        expect(response.statusCode, `${method} ${url} as ${login}`).toBe(403);
        expect(response.json()).toMatchObject({ detail: 'Access is denied', message: 'error.http.403' });
      }
    }
    expect(await findUserByLogin(ctx().db, 'x1')).toBeUndefined();
    expect(await findUserByLogin(ctx().db, 'user')).toBeDefined();
  });

  it('lists users paged and sorted with X-Total-Count and the JHipster Link header', async () => {
    const response = await call('GET', '/api/users?page=1&size=2&sort=login,asc', 'admin');
    expect(response.statusCode).toBe(200);
    const total = Number(response.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(7);
    const lastPage = Math.ceil(total / 2) - 1;
    expect(response.headers.link).toBe(
      // The links keep the sort (docs/security.md), its comma encoded for the client's parser.
      `</api/users?page=2&size=2&sort=login%2Casc>; rel="next",</api/users?page=0&size=2&sort=login%2Casc>; rel="prev",</api/users?page=${lastPage}&size=2&sort=login%2Casc>; rel="last",</api/users?page=0&size=2&sort=login%2Casc>; rel="first"`,
    );
    const page = response.json() as { login: string; marque: string | null; codeCourtier: string | null }[];
    expect(page).toHaveLength(2);
    const all = (await call('GET', '/api/users?size=100&sort=login,asc', 'admin')).json() as {
      login: string;
    }[];
    expect(page.map((u) => u.login)).toEqual(all.slice(2, 4).map((u) => u.login));
    expect(all.map((u) => u.login)).toEqual([...all.map((u) => u.login)].sort());
    const desc = (await call('GET', '/api/users?size=100&sort=id,desc', 'admin')).json() as { id: number }[];
    expect(desc.map((u) => u.id)).toEqual([...desc.map((u) => u.id)].sort((a, b) => b - a));
    expect(Object.keys(page[0]!)).toEqual(expect.arrayContaining(['marque', 'codeCourtier', 'authorities']));
    expect(Object.keys(page[0]!)).not.toContain('passwordHash');
  });

  it.each([
    'sort=passwordHash,asc',
    'sort=login;DROP TABLE users,asc',
    'sort=login,sideways',
    'size=0',
    'size=-5',
    'size=100000',
    'page=-1',
    'page=abc',
  ])('refuses a bad paging parameter: %s', async (query) => {
    const response = await call('GET', `/api/users?${query}`, 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect((await ctx().db.query("SELECT 1 FROM users WHERE login = 'admin'")).length).toBe(1);
  });

  it('gets a user by login, 404 for an unknown one, 400 for an impossible login', async () => {
    const response = await call('GET', '/api/users/grossiste', 'admin');
    expect(response.json()).toMatchObject({ login: 'grossiste', codeCourtier: 'G0001', marque: 'Tassur' });
    expect((await call('GET', '/api/users/nobody', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/bad%20login!', 'admin')).statusCode).toBe(400);
  });

  it('lists the eight roles', async () => {
    expect((await call('GET', '/api/users/authorities', 'admin')).json()).toEqual([
      'ROLE_ADMIN',
      'ROLE_COMPTA',
      'ROLE_COORD',
      'ROLE_EXPORT',
      'ROLE_GESTION',
      'ROLE_GROSSISTE',
      'ROLE_PORTEFEUILLE',
      'ROLE_SUPER_ADMIN',
      'ROLE_USER',
    ]);
  });

  it('creates a user with an initial password, roles, brand and broker code', async () => {
    const response = await call('POST', '/api/users', 'admin', {
      login: 'Nouveau',
      email: 'nouveau@example.com',
      firstName: 'Nina',
      marque: 'Netvox',
      codeCourtier: 'C0009',
      password: 'init',
      authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe('/api/users/nouveau');
    expect(response.headers['x-extranetapp-alert']).toBe('userManagement.created');
    expect(response.headers['x-extranetapp-params']).toBe('nouveau');
    expect(response.json()).toMatchObject({
      login: 'nouveau',
      activated: true,
      marque: 'Netvox',
      codeCourtier: 'C0009',
      authorities: ['ROLE_PORTEFEUILLE', 'ROLE_USER'],
      createdBy: 'admin',
    });
    const user = await findUserByLogin(ctx().db, 'nouveau');
    expect(await verifyPassword('init', user!.passwordHash)).toBe(true);
  });

  it("honours the admin's 'Activé' box when creating: a deactivated user cannot sign in", async () => {
    const response = await call('POST', '/api/users', 'admin', {
      login: 'inactif',
      email: 'inactif@example.com',
      marque: 'UCR',
      password: 'init-inactif',
      activated: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ login: 'inactif', activated: false });
    expect((await findUserByLogin(ctx().db, 'inactif'))?.activated).toBe(false);
    const signIn = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'inactif', password: 'init-inactif' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('creates a user without a password and mails a link to choose one', async () => {
    const response = await call('POST', '/api/users', 'admin', {
      login: 'sanspass',
      email: 'sanspass@example.com',
      marque: 'UCR',
    });
    expect(response.statusCode).toBe(201);
    const key = mailedKey(ctx().config, 'sanspass@example.com', 'reset/finish');
    expect(storedKey(key!)).toBe((await findUserByLogin(ctx().db, 'sanspass'))!.resetKey);
    const finish = await call('POST', '/api/account/reset-password/finish', undefined, {
      key,
      newPassword: 'Ch0sen&Secret!',
    });
    expect(finish.statusCode).toBe(200);
  });

  it.each([
    [{ id: 5, login: 'withid', email: 'withid@example.com', marque: 'UCR' }, 'error.idexists'],
    [{ login: 'COURTIER', email: 'other@example.com', marque: 'UCR' }, 'error.userexists'],
    [{ login: 'freshone', email: 'Courtier@demo.extranet.example', marque: 'UCR' }, 'error.emailexists'],
    [{ login: 'nomarque', email: 'nomarque@example.com' }, 'error.validation'],
    [{ login: 'bad login!', email: 'b@example.com', marque: 'UCR' }, 'error.validation'],
    [
      { login: 'longcode', email: 'lc@example.com', marque: 'UCR', codeCourtier: 'C'.repeat(11) },
      'error.validation',
    ],
    [
      { login: 'badrole', email: 'br@example.com', marque: 'UCR', authorities: ['ROLE_GOD'] },
      'error.validation',
    ],
    [{ login: 'shortpw', email: 'sp@example.com', marque: 'UCR', password: 'abc' }, 'error.validation'],
  ])('refuses to create %o (%s) and creates nothing', async (body, message) => {
    const before = Number((await call('GET', '/api/users', 'admin')).headers['x-total-count']);
    const response = await call('POST', '/api/users', 'admin', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(Number((await call('GET', '/api/users', 'admin')).headers['x-total-count'])).toBe(before);
  });

  it('updates every field including login, activation and roles, and refuses a foreign login or e-mail', async () => {
    const created = (
      await call('POST', '/api/users', 'admin', {
        login: 'tochange',
        email: 'tochange@example.com',
        marque: 'UCR',
        password: 'pass',
      })
    ).json() as { id: number };
    const response = await call('PUT', '/api/users', 'admin', {
      id: created.id,
      login: 'changed',
      email: 'changed@example.com',
      firstName: 'Chan',
      lastName: 'Ged',
      marque: '2MA',
      codeCourtier: 'C0002',
      activated: false,
      langKey: 'en',
      authorities: ['ROLE_USER', 'ROLE_COMPTA'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-extranetapp-alert']).toBe('userManagement.updated');
    expect(response.json()).toMatchObject({
      id: created.id,
      login: 'changed',
      activated: false,
      marque: '2MA',
      langKey: 'en',
      authorities: ['ROLE_COMPTA', 'ROLE_USER'],
      lastModifiedBy: 'admin',
    });
    const foreignLogin = await call('PUT', '/api/users', 'admin', {
      id: created.id,
      login: 'courtier',
      email: 'changed@example.com',
      marque: 'UCR',
    });
    expect(foreignLogin.json()).toMatchObject({ message: 'error.userexists' });
    const foreignEmail = await call('PUT', '/api/users', 'admin', {
      id: created.id,
      login: 'changed',
      email: 'user@demo.extranet.example',
      marque: 'UCR',
    });
    expect(foreignEmail.json()).toMatchObject({ message: 'error.emailexists' });
    expect(
      (
        await call('PUT', '/api/users', 'admin', {
          id: 999999,
          login: 'ghost',
          email: 'ghost@example.com',
          marque: 'UCR',
        })
      ).statusCode,
    ).toBe(404);
    const overflow = await ctx().app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...(await as('admin')), 'content-type': 'application/json' },
      payload: '{"id": 9223372036854775808, "login": "x", "email": "x@example.com", "marque": "UCR"}',
    });
    expect(overflow.statusCode).toBe(400);
    expect((await findUserByLogin(ctx().db, 'changed'))!.email).toBe('changed@example.com');
  });

  it('toggles activation, which signs the user out at once and for good', async () => {
    const headers = await as('portefeuille');
    const user = (await call('GET', '/api/users/portefeuille', 'admin')).json() as Record<string, unknown>;
    const off = await call('PUT', '/api/users', 'admin', { ...user, activated: false });
    expect(off.statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(401);
    await call('PUT', '/api/users', 'admin', { ...user, activated: true });
    // Reactivated, the account signs in again; the token of before stays dead (docs/design.md §9).
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(401);
    const again = await as('portefeuille');
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account', headers: again })).statusCode).toBe(
      200,
    );
  });

  it('refuses to let an administrator deactivate, demote or delete themselves', async () => {
    const self = (await call('GET', '/api/users/admin', 'admin')).json() as Record<string, unknown>;
    const deactivate = await call('PUT', '/api/users', 'admin', { ...self, activated: false });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json()).toMatchObject({
      detail: 'An administrator cannot deactivate their own account',
    });
    expect(
      (await call('PUT', '/api/users', 'admin', { ...self, authorities: ['ROLE_USER'] })).statusCode,
    ).toBe(400);
    const remove = await call('DELETE', '/api/users/admin', 'admin');
    expect(remove.statusCode).toBe(400);
    expect(await findUserByLogin(ctx().db, 'admin')).toMatchObject({
      activated: true,
      authorities: ['ROLE_ADMIN', 'ROLE_USER'],
    });
  });

  it('deletes a user with the alert headers; 404 for an unknown one', async () => {
    await call('POST', '/api/users', 'admin', {
      login: 'todelete',
      email: 'todelete@example.com',
      marque: 'UCR',
      password: 'pass',
    });
    const response = await call('DELETE', '/api/users/todelete', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-extranetapp-alert']).toBe('userManagement.deleted');
    expect(response.headers['x-extranetapp-params']).toBe('todelete');
    expect(await findUserByLogin(ctx().db, 'todelete')).toBeUndefined();
    expect((await call('DELETE', '/api/users/todelete', 'admin')).statusCode).toBe(404);
  });

  it('synchronises with the demo portal directory: creates deactivated users, then changes nothing', async () => {
    const first = await call('GET', '/api/portail_user/sync', 'admin');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 3, updated: 0, unchanged: 3, rejected: [] });
    expect(await findUserByLogin(ctx().db, 'courtier3')).toMatchObject({
      activated: false,
      codeCourtier: 'C0003',
      marque: 'Tassur',
      authorities: ['ROLE_USER'],
      createdBy: 'admin',
    });
    const second = await call('GET', '/api/portail_user/sync', 'admin');
    expect(second.json()).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
  });
});

forEachApp((_kind, ctx) => {
  it('updates changed fields, never deletes, and reports entries it cannot apply', async () => {
    const file = join(ctx().config.dataDir, 'directory.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          login: 'courtier',
          firstName: 'Claire',
          lastName: 'Nouveau-Nom',
          email: 'claire@example.com',
          codeCourtier: 'C0001',
          marque: 'UCR',
        },
        {
          login: 'newone',
          firstName: 'N',
          lastName: 'O',
          email: 'compta@demo.extranet.example',
          codeCourtier: 'C0007',
          marque: 'UCR',
        },
        { login: 'bad login!', email: 'x@example.com' },
        { login: 'noemail' },
      ]),
    );
    // The directory path is read at each sync: point this app's configuration at the file.
    (ctx().config as { portalDirectory: string }).portalDirectory = file;
    const headers = await ctx().auth('admin');
    const response = await ctx().app.inject({ method: 'GET', url: '/api/portail_user/sync', headers });
    expect(response.json()).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      rejected: [
        { login: 'bad login!', reason: 'invalid login' },
        { login: 'noemail', reason: 'invalid email' },
        { login: 'newone', reason: 'email already used by compta' },
      ],
    });
    expect(await findUserByLogin(ctx().db, 'courtier')).toMatchObject({
      lastName: 'Nouveau-Nom',
      email: 'claire@example.com',
      activated: true,
    });
    expect(await findUserByLogin(ctx().db, 'grossiste')).toBeDefined();
    writeFileSync(file, '{ not json');
    const broken = await ctx().app.inject({ method: 'GET', url: '/api/portail_user/sync', headers });
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({ detail: 'The portal directory could not be read' });
  });
});
