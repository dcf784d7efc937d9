import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { insertUser } from '../src/accounts/users.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { forEachApp, TEST_HASH_ROUNDS, TEST_JWT_SECRET } from './helpers.ts';

const PROBLEM = 'application/problem+json';

forEachApp((_kind, ctx) => {
  beforeAll(async () => {
    await insertUser(
      ctx().db,
      {
        login: 'sleeper',
        passwordHash: await hashPassword('sleeper-pass', TEST_HASH_ROUNDS),
        email: 'sleeper@example.com',
        activated: false,
        authorities: ['ROLE_USER'],
      },
      'test',
    );
  });

  const signIn = (payload: unknown) =>
    ctx().app.inject({ method: 'POST', url: '/api/authenticate', payload: payload as object });

  it('signs a demo broker in with a JWT in the body and the Authorization header', async () => {
    const response = await signIn({ username: 'courtier', password: 'courtier' });
    expect(response.statusCode).toBe(200);
    const { id_token } = response.json() as { id_token: string };
    expect(response.headers.authorization).toBe(`Bearer ${id_token}`);
    const claims = decodeJwt(id_token);
    expect(claims.sub).toBe('courtier');
    expect(String(claims.auth).split(',').sort()).toEqual([
      'ROLE_COMPTA',
      'ROLE_COORD',
      'ROLE_EXPORT',
      'ROLE_PORTEFEUILLE',
      'ROLE_USER',
    ]);
  });

  it('accepts the login in any case and the e-mail address', async () => {
    expect((await signIn({ username: 'CourTier', password: 'courtier' })).statusCode).toBe(200);
    const byEmail = await signIn({ username: 'courtier@demo.extranet.example', password: 'courtier' });
    expect(byEmail.statusCode).toBe(200);
    expect(decodeJwt((byEmail.json() as { id_token: string }).id_token).sub).toBe('courtier');
  });

  it('gives a token valid one day, or thirty days with remember-me', async () => {
    for (const [rememberMe, seconds] of [
      [false, 86_400],
      [true, 2_592_000],
    ] as const) {
      const response = await signIn({ username: 'admin', password: 'admin', rememberMe });
      const claims = decodeJwt((response.json() as { id_token: string }).id_token);
      expect(claims.exp! - claims.iat!).toBe(seconds);
    }
  });

  it('answers 401 "Bad credentials" for a wrong password or an unknown user, with no token', async () => {
    for (const payload of [
      { username: 'courtier', password: 'not-the-password' },
      { username: 'nobody-here', password: 'whatever' },
    ]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain(PROBLEM);
      expect(response.headers.authorization).toBeUndefined();
      expect(response.json()).toEqual({
        type: 'http://www.jhipster.tech/problem/problem-with-message',
        title: 'Unauthorized',
        status: 401,
        detail: 'Bad credentials',
        path: '/api/authenticate',
        message: 'error.http.401',
      });
    }
  });

  it('refuses a deactivated account with "User <login> was not activated"', async () => {
    const response = await signIn({ username: 'sleeper', password: 'sleeper-pass' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'User sleeper was not activated', status: 401 });
    // A wrong password does not reveal that the account exists but is inactive.
    const wrong = await signIn({ username: 'sleeper', password: 'wrong-pass' });
    expect(wrong.json()).toMatchObject({ detail: 'Bad credentials' });
  });

  it('records successes and failures in the audit trail', async () => {
    await signIn({ username: 'compta', password: 'compta' });
    await signIn({ username: 'compta', password: 'wrong-password' });
    const rows = await ctx().db.query<{ event_type: string; data: Record<string, string> }>(
      "SELECT event_type, data FROM audit_events WHERE principal = 'compta' ORDER BY id",
    );
    expect(rows.map((r) => r.event_type)).toEqual(['AUTHENTICATION_SUCCESS', 'AUTHENTICATION_FAILURE']);
    expect(rows[1]!.data.message).toBe('Bad credentials');
    expect(rows[0]!.data.remoteAddress).toBeTruthy();
  });

  it('answers 400 problems for malformed JSON, missing fields and wrong types, and audits nothing', async () => {
    const before = await ctx().db.query('SELECT id FROM audit_events');
    const malformed = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "courtier", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain(PROBLEM);
    expect(malformed.json()).toMatchObject({ status: 400, title: 'Bad Request', path: '/api/authenticate' });

    const missing = await signIn({ username: 'courtier' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      type: 'http://www.jhipster.tech/problem/constraint-violation',
      message: 'error.validation',
      fieldErrors: [{ objectName: 'loginVM', field: 'password', message: 'NotNull' }],
    });

    const tooShort = await signIn({ username: '', password: 'abc' });
    expect(tooShort.statusCode).toBe(400);
    const fields = (tooShort.json() as { fieldErrors: { field: string; message: string }[] }).fieldErrors;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', message: 'Size' }),
        expect.objectContaining({ field: 'password', message: 'Size' }),
      ]),
    );

    const notObject = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notObject.statusCode).toBe(400);

    const empty = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(await ctx().db.query('SELECT id FROM audit_events')).toHaveLength(before.length);
  });

  it('refuses text holding a NUL character with a 400 problem, anywhere in a body', async () => {
    for (const [url, payload] of [
      ['/api/authenticate', { username: 'cour\u0000tier', password: 'courtier' }],
      ['/api/register', { login: 'nul', email: 'nul@example.com', password: 'Str0ng!Pass\u0000word' }],
    ] as const) {
      const response = await ctx().app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Text must not contain the NUL character' });
    }
  });

  it('answers router errors (bad percent-encoding, over-long parameter) as problems', async () => {
    const headers = await ctx().auth('admin');
    for (const url of ['/api/users/%ED%A0%80', `/api/users/${'a'.repeat(101)}`]) {
      const response = await ctx().app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers a 400 problem for an oversized body', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'courtier', password: 'x'.repeat(ctx().config.bodyLimit + 10) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain(PROBLEM);
    expect(response.json()).toMatchObject({ detail: 'Request body is too large', status: 400 });
    // A value longer than its field allows, within the body limit, is a validation error.
    const long = await signIn({ username: 'courtier', password: 'x'.repeat(101) });
    expect(long.json()).toMatchObject({ fieldErrors: [{ field: 'password', message: 'Size' }] });
  });

  it('GET /api/authenticate gives the login, or nothing when anonymous', async () => {
    const anonymous = await ctx().app.inject({ method: 'GET', url: '/api/authenticate' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toBe('');
    const signedIn = await ctx().app.inject({
      method: 'GET',
      url: '/api/authenticate',
      headers: await ctx().auth('portefeuille'),
    });
    expect(signedIn.body).toBe('portefeuille');
  });

  it('answers 401 problems for a missing, malformed, tampered, foreign or expired token', async () => {
    const token = await ctx().token('courtier');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), sub: 'admin', auth: 'ROLE_ADMIN' }),
    ).toString('base64url');
    const otherKey = await new SignJWT({ auth: 'ROLE_ADMIN' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('admin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret-another-secret-!!'));
    const expired = await new SignJWT({ auth: 'ROLE_USER' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('courtier')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const cases: (string | undefined)[] = [
      undefined,
      'Bearer',
      'Basic Y291cnRpZXI6Y291cnRpZXI=',
      'Bearer not-a-jwt',
      `Bearer ${header}.${forged}.${signature}`,
      `Bearer ${otherKey}`,
      `Bearer ${expired}`,
      `Bearer ${unsigned}`,
    ];
    for (const authorization of cases) {
      const response = await ctx().app.inject({
        method: 'GET',
        url: '/api/account',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['content-type']).toContain(PROBLEM);
      expect(response.json()).toEqual({
        type: 'http://www.jhipster.tech/problem/problem-with-message',
        title: 'Unauthorized',
        status: 401,
        detail: 'Full authentication is required to access this resource',
        path: '/api/account',
        message: 'error.http.401',
      });
    }
  });

  it("stops accepting a user's token once the account is deactivated", async () => {
    const db = ctx().db;
    await insertUser(
      db,
      {
        login: 'soon-off',
        passwordHash: await hashPassword('soon-off-pass', TEST_HASH_ROUNDS),
        activated: true,
        authorities: ['ROLE_USER'],
      },
      'test',
    );
    const headers = await ctx().auth('soon-off', 'soon-off-pass');
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(200);
    await db.query("UPDATE users SET activated = false WHERE login = 'soon-off'");
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(401);
  });
});
