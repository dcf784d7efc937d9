import { expect, it } from 'vitest';
import { findUserByLogin, storedKey } from '../src/accounts/users.ts';
import { verifyPassword } from '../src/auth/passwords.ts';
import { forEachApp, mailedKey, outbox } from './helpers.ts';

const STRONG = 'Str0ng&Secret!';
const STRONGER = 'An0ther#Secret9';

forEachApp((_kind, ctx) => {
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url, payload: payload as string, headers });
  const json = (value: unknown) => JSON.stringify(value);
  const jsonHeaders = { 'content-type': 'application/json' };
  const register = (body: Record<string, unknown>) => post('/api/register', json(body), jsonHeaders);

  it('registers an inactive plain user, mails an activation link, and activates with it', async () => {
    const response = await register({
      login: 'NewBroker',
      email: 'New.Broker@Example.com',
      password: STRONG,
      langKey: 'en',
      authorities: ['ROLE_ADMIN'],
      activated: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    const user = await findUserByLogin(ctx().db, 'newbroker');
    expect(user).toMatchObject({
      login: 'newbroker',
      activated: false,
      langKey: 'en',
      authorities: ['ROLE_USER'],
    });
    // Stored as the SHA-256 of the mailed key (docs/security.md, secrets at rest).
    expect(user!.activationKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyPassword(STRONG, user!.passwordHash)).toBe(true);

    const mail = outbox(ctx().config).find((m) => m.to.includes('new.broker@example.com'));
    expect(mail?.subject).toBe('Extranet account activation');
    const key = mailedKey(ctx().config, 'new.broker@example.com', 'activate');
    expect(key).toMatch(/^\d{20}$/);
    expect(storedKey(key!)).toBe(user!.activationKey);
    // The stored value itself activates nothing.
    expect(
      (await ctx().app.inject({ method: 'GET', url: `/api/activate?key=${user!.activationKey}` })).statusCode,
    ).not.toBe(200);

    // Signing in before activation is refused.
    const early = await post(
      '/api/authenticate',
      json({ username: 'newbroker', password: STRONG }),
      jsonHeaders,
    );
    expect(early.json()).toMatchObject({ detail: 'User newbroker was not activated' });

    const activated = await ctx().app.inject({ method: 'GET', url: `/api/activate?key=${key}` });
    expect(activated.statusCode).toBe(200);
    expect(await findUserByLogin(ctx().db, 'newbroker')).toMatchObject({
      activated: true,
      activationKey: null,
    });
    const signIn = await post(
      '/api/authenticate',
      json({ username: 'newbroker', password: STRONG }),
      jsonHeaders,
    );
    expect(signIn.statusCode).toBe(200);

    // The key works once.
    const again = await ctx().app.inject({ method: 'GET', url: `/api/activate?key=${key}` });
    expect(again.statusCode).toBe(400);
  });

  it('mails in French by default', async () => {
    expect(
      (await register({ login: 'francophone', email: 'fr@example.com', password: STRONG })).statusCode,
    ).toBe(201);
    const mail = outbox(ctx().config).find((m) => m.to.includes('fr@example.com'));
    expect(mail?.subject).toBe('Activation de votre compte extranet');
    expect(mail?.text).toContain(`${ctx().config.baseUrl}/#/activate?key=`);
  });

  it('refuses a taken login or e-mail (any case) with the JHipster problem types and creates nothing', async () => {
    const taken = await register({ login: 'Courtier', email: 'someone-else@example.com', password: STRONG });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      type: 'http://www.jhipster.tech/problem/login-already-used',
      title: 'Login already in use',
      message: 'error.userexists',
    });
    expect(taken.headers['x-extranetapp-error']).toBe('error.userexists');
    const email = await register({
      login: 'fresh-login',
      email: 'COURTIER@demo.extranet.example',
      password: STRONG,
    });
    expect(email.json()).toMatchObject({ type: 'http://www.jhipster.tech/problem/email-already-used' });
    expect(await findUserByLogin(ctx().db, 'fresh-login')).toBeUndefined();
  });

  it.each([
    [{ login: 'funky-log!n', email: 'funky@example.com', password: STRONG }, 'login', 'Pattern'],
    [{ login: 'a'.repeat(51), email: 'long@example.com', password: STRONG }, 'login', 'Size'],
    [{ login: 'bademail', email: 'a@b', password: STRONG }, 'email', 'Size'],
    [{ login: 'bademail2', email: 'not-an-email', password: STRONG }, 'email', 'Email'],
    [{ login: 'shortpw', email: 'shortpw@example.com', password: 'Ab1!' }, 'password', 'Size'],
    [
      { login: 'weakpw', email: 'weakpw@example.com', password: 'alllowercaseletters' },
      'password',
      'Pattern',
    ],
    [{ login: 'nopw', email: 'nopw@example.com' }, 'password', 'NotNull'],
  ])('refuses an invalid registration %o (%s: %s)', async (body, field, constraint) => {
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'http://www.jhipster.tech/problem/constraint-violation' });
    expect((response.json() as { fieldErrors: unknown[] }).fieldErrors).toContainEqual({
      objectName: 'managedUserVM',
      field,
      message: constraint,
    });
    expect(await findUserByLogin(ctx().db, String(body.login).toLowerCase())).toBeUndefined();
  });

  it('answers 400 for an unknown or missing activation key', async () => {
    for (const url of [
      '/api/activate?key=00000000000000000000',
      '/api/activate',
      "/api/activate?key=1'%20OR%201=1",
    ]) {
      const response = await ctx().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        title: 'No user was found for this activation key',
      });
    }
  });

  it('saves settings: names, e-mail, language, image, never login, roles or activation', async () => {
    const headers = { ...jsonHeaders, ...(await ctx().auth('portefeuille')) };
    const response = await post(
      '/api/account',
      json({
        login: 'hacked',
        firstName: 'Pauline',
        lastName: 'Portefeuille',
        email: 'Pauline@Example.com',
        langKey: 'en',
        imageUrl: 'https://example.com/p.png',
        activated: false,
        authorities: ['ROLE_ADMIN'],
      }),
      headers,
    );
    expect(response.statusCode).toBe(200);
    const user = await findUserByLogin(ctx().db, 'portefeuille');
    expect(user).toMatchObject({
      login: 'portefeuille',
      firstName: 'Pauline',
      email: 'pauline@example.com',
      langKey: 'en',
      imageUrl: 'https://example.com/p.png',
      activated: true,
      lastModifiedBy: 'portefeuille',
      authorities: ['ROLE_PORTEFEUILLE', 'ROLE_USER'],
    });
    // Its own e-mail again is fine; another user's is not.
    const own = await post(
      '/api/account',
      json({ login: 'portefeuille', firstName: 'P', lastName: 'P', email: 'PAULINE@example.com' }),
      headers,
    );
    expect(own.statusCode).toBe(200);
    const foreign = await post(
      '/api/account',
      json({ login: 'portefeuille', firstName: 'P', lastName: 'P', email: 'compta@demo.extranet.example' }),
      headers,
    );
    expect(foreign.json()).toMatchObject({ type: 'http://www.jhipster.tech/problem/email-already-used' });
    const noName = await post(
      '/api/account',
      json({ login: 'portefeuille', firstName: '', lastName: 'P', email: 'p@example.com' }),
      headers,
    );
    expect(noName.json()).toMatchObject({
      fieldErrors: [{ objectName: 'userDTO', field: 'firstName', message: 'Size' }],
    });
    expect((await findUserByLogin(ctx().db, 'portefeuille'))!.email).toBe('pauline@example.com');
    expect((await post('/api/account', json({}), jsonHeaders)).statusCode).toBe(401);
  });

  it('changes the password from a raw text body, enforcing the chosen-password rules', async () => {
    const headers = await ctx().auth('compta');
    const text = { ...headers, 'content-type': 'text/plain' };
    for (const bad of [
      'short1!A',
      'x'.repeat(51),
      'nouppercase1!x',
      'NOLOWERCASE1!X',
      'NoDigitsHere!!',
      'NoSpecial123abc',
      '',
    ]) {
      const response = await post('/api/account/change-password', bad, text);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'http://www.jhipster.tech/problem/invalid-password',
        title: 'Incorrect password',
      });
    }
    expect(await verifyPassword('compta', (await findUserByLogin(ctx().db, 'compta'))!.passwordHash)).toBe(
      true,
    );
    const changed = await post('/api/account/change-password', STRONG, text);
    expect(changed.statusCode).toBe(200);
    expect(await verifyPassword(STRONG, (await findUserByLogin(ctx().db, 'compta'))!.passwordHash)).toBe(
      true,
    );
    // The change ended the token it was made with; the answer carries its replacement.
    expect((await post('/api/account/change-password', STRONGER, text)).statusCode).toBe(401);
    const renewed = { authorization: changed.headers.authorization as string };

    // The JSON form checks the current password.
    const wrongCurrent = await post(
      '/api/account/change-password',
      json({ currentPassword: 'not-it', newPassword: STRONGER }),
      { ...renewed, ...jsonHeaders },
    );
    expect(wrongCurrent.statusCode).toBe(400);
    const right = await post(
      '/api/account/change-password',
      json({ currentPassword: STRONG, newPassword: STRONGER }),
      { ...renewed, ...jsonHeaders },
    );
    expect(right.statusCode).toBe(200);
    expect(
      (await post('/api/authenticate', json({ username: 'compta', password: STRONGER }), jsonHeaders))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/account/change-password', STRONG, { 'content-type': 'text/plain' })).statusCode,
    ).toBe(401);
  });

  it('resets a forgotten password through a mailed key valid once', async () => {
    const init = await post('/api/account/reset-password/init', 'COURTIER2@demo.extranet.example', {
      'content-type': 'text/plain',
    });
    expect(init.statusCode).toBe(200);
    const key = mailedKey(ctx().config, 'courtier2@demo.extranet.example', 'reset/finish');
    expect(key).toMatch(/^\d{20}$/);

    const weak = await post(
      '/api/account/reset-password/finish',
      json({ key, newPassword: 'weak' }),
      jsonHeaders,
    );
    expect(weak.json()).toMatchObject({ type: 'http://www.jhipster.tech/problem/invalid-password' });
    const done = await post(
      '/api/account/reset-password/finish',
      json({ key, newPassword: STRONG }),
      jsonHeaders,
    );
    expect(done.statusCode).toBe(200);
    expect(await verifyPassword(STRONG, (await findUserByLogin(ctx().db, 'courtier2'))!.passwordHash)).toBe(
      true,
    );

    const reused = await post(
      '/api/account/reset-password/finish',
      json({ key, newPassword: STRONGER }),
      jsonHeaders,
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ title: 'No user was found for this reset key' });
    expect(await verifyPassword(STRONG, (await findUserByLogin(ctx().db, 'courtier2'))!.passwordHash)).toBe(
      true,
    );
  });

  it('refuses a reset key older than 24 hours', async () => {
    await post('/api/account/reset-password/init', json('grossiste@demo.extranet.example'), jsonHeaders);
    const key = mailedKey(ctx().config, 'grossiste@demo.extranet.example', 'reset/finish');
    await ctx().db.query(
      "UPDATE users SET reset_date = now() - interval '25 hours' WHERE login = 'grossiste'",
    );
    const response = await post(
      '/api/account/reset-password/finish',
      json({ key, newPassword: STRONG }),
      jsonHeaders,
    );
    expect(response.statusCode).toBe(400);
    expect(
      await verifyPassword('grossiste', (await findUserByLogin(ctx().db, 'grossiste'))!.passwordHash),
    ).toBe(true);
  });

  it('answers email-not-found for an unknown or inactive address and mails nothing', async () => {
    const before = outbox(ctx().config).length;
    for (const email of ['nobody@example.com', 'fr@example.com']) {
      const response = await post('/api/account/reset-password/init', email, {
        'content-type': 'text/plain',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'http://www.jhipster.tech/problem/email-not-found',
        title: 'Email address not registered',
      });
    }
    const invalid = await post('/api/account/reset-password/init', 'not an email', {
      'content-type': 'text/plain',
    });
    expect(invalid.statusCode).toBe(400);
    expect(outbox(ctx().config).length).toBe(before);
  });
});
