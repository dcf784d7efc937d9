import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { forEachApp, TEST_JWT_SECRET } from '../helpers.ts';
import { signIn } from './two-factor-helpers.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

forEachApp((_kind, ctx) => {
  const signInWith = async (login: string, userAgent: string) => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'user-agent': userAgent },
      payload: { username: login, password: login },
    });
    return { authorization: `Bearer ${(response.json() as { id_token: string }).id_token}` };
  };
  const call = (method: 'GET' | 'DELETE', url: string, headers: { authorization: string }) =>
    ctx().app.inject({ method, url, headers });
  type Session = { id: number; device: string; address: string; current: boolean; startedAt: string };

  it('each sign-in is a session with its device and address; the caller sees only theirs', async () => {
    const laptop = await signInWith('compta', FIREFOX);
    const phone = await signInWith('compta', SAFARI);
    const sessions = (await call('GET', '/api/account/sessions', laptop)).json() as Session[];
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iOS', false],
      ['Firefox on Windows', true],
    ]);
    expect(sessions[0]!.address).toBe('127.0.0.1');
    expect(Number.isNaN(Date.parse(sessions[0]!.startedAt))).toBe(false);
    // Another user's list holds none of them.
    const other = (
      await call('GET', '/api/account/sessions', await signInWith('user', FIREFOX))
    ).json() as Session[];
    expect(other.map((s) => s.id)).not.toContain(sessions[0]!.id);
    expect((await call('GET', '/api/account', phone)).statusCode).toBe(200);
  });

  it('an ended session is refused at once; another user cannot end it', async () => {
    const laptop = await signInWith('portefeuille', FIREFOX);
    const phone = await signInWith('portefeuille', SAFARI);
    const phoneId = ((await call('GET', '/api/account/sessions', phone)).json() as Session[]).find(
      (s) => s.current,
    )!.id;
    const intruder = await signInWith('courtier', FIREFOX);
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, intruder)).statusCode).toBe(404);
    expect((await call('GET', '/api/account', phone)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(204);
    const refused = await call('GET', '/api/account', phone);
    expect(refused.statusCode).toBe(401);
    expect((await call('GET', '/api/police', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', laptop)).statusCode).toBe(200);
    // Ending it again: gone.
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/account/sessions/abc', laptop)).statusCode).toBe(400);
  });

  it('"all the others" keeps the current session; an administrator ends all of a user\'s', async () => {
    const a = await signInWith('courtier2', FIREFOX);
    const b = await signInWith('courtier2', SAFARI);
    const c = await signInWith('courtier2', 'curl/8.5.0');
    expect((await call('DELETE', '/api/account/sessions', a)).statusCode).toBe(204);
    expect((await call('GET', '/api/account', b)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', c)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', a)).statusCode).toBe(200);
    const admin = await signInWith('admin', FIREFOX);
    expect(
      (await call('DELETE', '/api/users/courtier2/sessions', await signInWith('user', FIREFOX))).statusCode,
    ).toBe(403);
    const listed = (await call('GET', '/api/users/courtier2/sessions', admin)).json() as Session[];
    expect(listed).toHaveLength(1);
    expect((await call('DELETE', '/api/users/courtier2/sessions', admin)).statusCode).toBe(204);
    expect((await call('GET', '/api/account', a)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', admin)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/users/nobody/sessions', admin)).statusCode).toBe(404);
  });

  it("a password change keeps the caller's session and its renewed token names it", async () => {
    const headers = await signInWith('grossiste', FIREFOX);
    const changed = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'Grossiste-2026!ok',
    });
    expect(changed.statusCode).toBe(200);
    const renewed = { authorization: changed.headers.authorization as string };
    const sessions = (await call('GET', '/api/account/sessions', renewed)).json() as Session[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it("refuses a validly signed token without a session, or naming another user's session", async () => {
    const [user] = await ctx().db.query<{ id: number; token_version: number }>(
      `SELECT id, token_version FROM users WHERE login = 'user'`,
    );
    const [other] = await ctx().db.query<{ id: number }>(
      `SELECT s.id FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.login = 'compta' LIMIT 1`,
    );
    const token = (claims: Record<string, unknown>) =>
      new SignJWT({ uid: Number(user!.id), ver: user!.token_version, auth: 'ROLE_USER', ...claims })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('user')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const claims of [{}, { sid: Number(other!.id) }, { sid: 'x' }]) {
      const response = await call('GET', '/api/account', { authorization: `Bearer ${await token(claims)}` });
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('audits ended sessions with who ended them', async () => {
    const rows = await ctx().db.query<{ principal: string; data: Record<string, string> }>(
      `SELECT principal, data FROM audit_events WHERE event_type = 'SESSION_ENDED' ORDER BY id`,
    );
    expect(rows.map((r) => [r.principal, r.data.session === 'all' ? 'all' : 'one', r.data.by])).toEqual([
      ['portefeuille', 'one', undefined],
      ['courtier2', 'all', undefined],
      ['courtier2', 'all', 'admin'],
    ]);
    expect((await signIn(ctx().app, { username: 'user', password: 'user' })).status).toBe(200);
  });
});
