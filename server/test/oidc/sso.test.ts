/**
 * Single sign-on against a real OpenID Connect provider (`oidc-provider`, test-provider.ts): the
 * happy paths by login and by verified e-mail, and each refusal changing nothing but the audit
 * trail: wrong, replayed and expired state, a declined sign-in, a replayed authorization code, a
 * tampered nonce and ID token signature, an unknown, unverified or deactivated user, a replayed
 * or stolen hand-off code; accounts created only when configuration says so.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/accounts/users.ts';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { forEachApp, forEachDatabase, TEST_HASH_ROUNDS, testConfig } from '../helpers.ts';
import { answerOf, clientPair, counts, freePort, lastAudit } from './sso-flow.ts';
import { followSignIn, startTestProvider, type TestProvider } from './test-provider.ts';

const ACCOUNTS = [
  { sub: 'jdupont', preferred_username: 'courtier', email: 'j.dupont@cabinet.example', email_verified: true },
  { sub: 'mmartin', email: 'compta@demo.extranet.example', email_verified: true },
  { sub: 'usurpateur', email: 'user@demo.extranet.example', email_verified: false },
  {
    sub: 'nouveau',
    preferred_username: 'nouveau.venu',
    email: 'nouveau.venu@cabinet.example',
    email_verified: true,
    given_name: 'Nouveau',
    family_name: 'Venu',
  },
  { sub: 'ancien', preferred_username: 'ancien' },
];

/** Replaces the ID token's signature in the provider's token answers while `on`. */
const tamper = { on: false };
const tamperingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!tamper.on || !url.endsWith('/token') || response.status !== 200) return response;
  const body = (await response.json()) as { id_token: string };
  const [head, payload, signature] = body.id_token.split('.');
  const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
  body.id_token = `${head}.${payload}.${flipped}`;
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};

interface Running {
  readonly app: FastifyInstance;
  readonly url: string;
}

async function listening(db: Db, provider: TestProvider, env: Record<string, string>, clock: () => number) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig({ ...provider.env, BASE_URL: url, ...env });
  const app = await buildApp({
    config,
    db,
    logger: false,
    hashRounds: TEST_HASH_ROUNDS,
    now: clock,
    oidcFetch: tamperingFetch,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}

forEachDatabase((_kind, getDb) => {
  let provider: TestProvider;
  let strict: Running;
  let creating: Running;
  let shift = 0;
  const clock = () => Date.now() + shift;

  beforeAll(async () => {
    const db = getDb();
    await seedDemoAccounts(db, TEST_HASH_ROUNDS);
    await insertUser(
      db,
      { login: 'ancien', passwordHash: 'x', activated: false, authorities: ['ROLE_USER'] },
      'test',
    );
    provider = await startTestProvider(ACCOUNTS);
    strict = await listening(db, provider, {}, clock);
    creating = await listening(db, provider, { OIDC_CREATE_USERS: 'true' }, clock);
    provider.register(`${strict.url}/api/oidc/callback`, `${creating.url}/api/oidc/callback`);
  });
  afterAll(async () => {
    await strict?.app.close();
    await creating?.app.close();
    await provider?.close();
  });
  beforeEach(() => {
    shift = 0;
    tamper.on = false;
  });

  const begin = (on: Running, extra = '') => {
    const pair = clientPair();
    return { pair, start: `${on.url}/api/oidc/authorize?clientChallenge=${pair.challenge}${extra}` };
  };
  const signIn = async (login: string, on = strict, extra = '') => {
    const { pair, start } = begin(on, extra);
    const flow = await followSignIn(start, provider.issuer, login);
    return { ...flow, pair, answer: answerOf(flow.final) };
  };
  const exchange = (
    on: Running,
    code: string,
    codeVerifier: string,
    userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  ) =>
    on.app.inject({
      method: 'POST',
      url: '/api/oidc/token',
      headers: { 'user-agent': userAgent },
      payload: { code, codeVerifier },
    });
  const account = async (on: Running, token: string) =>
    (await on.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } })).json() as {
      login: string;
      authorities: string[];
    };
  /** A refusal: the web app is told why, and nothing but one failure audit row was written. */
  const expectRefused = async (run: () => Promise<URL>, reason: string, principal = 'anonymousUser') => {
    const before = await counts(getDb());
    const final = await run();
    expect(final.pathname).toBe('/');
    expect(answerOf(final).get('error')).toBe(reason);
    expect(answerOf(final).get('code')).toBeNull();
    expect(await counts(getDb())).toEqual(before);
    const audit = await lastAudit(getDb());
    expect(audit).toMatchObject({
      type: 'AUTHENTICATION_FAILURE',
      principal,
      data: { reason, type: 'SingleSignOn' },
    });
  };

  it('tells the client that SSO is offered, and under which name', async () => {
    const answer = await strict.app.inject({ url: '/api/oidc/provider' });
    expect(answer.json()).toEqual({ configured: true, displayName: 'Annuaire Test' });
  });

  it('sends the browser to the provider with state, nonce and an S256 challenge, bound by a cookie', async () => {
    const { start } = begin(strict);
    const response = await fetch(start, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location')!);
    expect(target.origin).toBe(provider.issuer);
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(target.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('redirect_uri')).toBe(`${strict.url}/api/oidc/callback`);
    expect(response.headers.get('set-cookie')).toMatch(
      /^extranet_oidc=[\w-]{43}; Path=\/api\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Without the client's challenge there is no attempt.
    expect((await strict.app.inject({ url: '/api/oidc/authorize' })).statusCode).toBe(400);
  });

  it('signs in an existing user matched by login: a session like a password sign-in, audited as SSO', async () => {
    const before = await counts(getDb());
    const { answer, final, pair } = await signIn('jdupont');
    expect(final.href.startsWith(`${strict.url}/#/sso?code=`)).toBe(true);
    const response = await exchange(strict, answer.get('code')!, pair.verifier);
    expect(response.statusCode).toBe(200);
    const token = (response.json() as { id_token: string }).id_token;
    expect(response.headers.authorization).toBe(`Bearer ${token}`);
    expect(await account(strict, token)).toMatchObject({ login: 'courtier' });
    const sessions = (
      await strict.app.inject({ url: '/api/account/sessions', headers: { authorization: `Bearer ${token}` } })
    ).json() as { device: string; current: boolean }[];
    expect(sessions.find((s) => s.current)?.device).toBe('Firefox on Linux');
    expect(await counts(getDb())).toEqual({ users: before.users, sessions: before.sessions + 1 });
    expect(await lastAudit(getDb())).toMatchObject({
      type: 'AUTHENTICATION_SUCCESS',
      principal: 'courtier',
      data: { type: 'SingleSignOn', message: 'Single sign-on through Annuaire Test' },
    });
  });

  it('matches by a verified e-mail address, never by an unverified one', async () => {
    const { answer, pair } = await signIn('mmartin');
    const response = await exchange(strict, answer.get('code')!, pair.verifier);
    expect(await account(strict, (response.json() as { id_token: string }).id_token)).toMatchObject({
      login: 'compta',
    });
    await expectRefused(
      async () => (await signIn('usurpateur')).final,
      'unknown-user',
      'user@demo.extranet.example',
    );
  });

  it('refuses an unknown user when accounts are not created: no user row', async () => {
    await expectRefused(async () => (await signIn('nouveau')).final, 'unknown-user', 'nouveau.venu');
    expect((await getDb().query("SELECT 1 FROM users WHERE login = 'nouveau.venu'")).length).toBe(0);
  });

  it('creates the unknown user with ROLE_USER only when OIDC_CREATE_USERS is true', async () => {
    const { answer, pair, final } = await signIn('nouveau', creating);
    expect(final.href.startsWith(`${creating.url}/#/sso?code=`)).toBe(true);
    const response = await exchange(creating, answer.get('code')!, pair.verifier);
    expect(await account(creating, (response.json() as { id_token: string }).id_token)).toMatchObject({
      login: 'nouveau.venu',
      authorities: ['ROLE_USER'],
    });
    const [row] = await getDb().query(
      "SELECT created_by, first_name, email, activated FROM users WHERE login = 'nouveau.venu'",
    );
    expect(row).toEqual({
      created_by: 'sso',
      first_name: 'Nouveau',
      email: 'nouveau.venu@cabinet.example',
      activated: true,
    });
    // The next sign-in finds it, also where accounts are not created.
    const again = await signIn('nouveau');
    expect((await exchange(strict, again.answer.get('code')!, again.pair.verifier)).statusCode).toBe(200);
  });

  it('refuses a deactivated account', async () => {
    await expectRefused(async () => (await signIn('ancien')).final, 'deactivated', 'ancien');
  });

  it('refuses a sign-in declined at the provider (access_denied)', async () => {
    const { start } = begin(strict);
    await expectRefused(
      async () => (await followSignIn(start, provider.issuer, 'jdupont', { decline: true })).final,
      'provider-error',
    );
    expect((await lastAudit(getDb())).data.message).toMatch(/access_denied/);
  });

  it('refuses a wrong state, a replayed state and a state begun in another browser', async () => {
    const first = await signIn('jdupont');
    const callback = first.callback!;
    const call = async (url: URL, cookie: string) => {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
      expect(response.status).toBe(302);
      return new URL(response.headers.get('location')!);
    };
    // Replayed: the same answer of the provider, a second time.
    await expectRefused(() => call(callback, first.jar.header(callback)), 'invalid-state');
    // Wrong: a state nobody issued.
    const wrong = new URL(callback);
    wrong.searchParams.set('state', 'x'.repeat(43));
    await expectRefused(() => call(wrong, ''), 'invalid-state');
    // Another browser: a valid state without the cookie of the browser that began it.
    const { start } = begin(strict);
    const pending = await followSignIn(start, provider.issuer, 'jdupont', { stopAtCallback: true });
    await expectRefused(() => call(pending.callback!, 'extranet_oidc=someone-else'), 'invalid-state');
    expect((await lastAudit(getDb())).data.message).toBe('Attempt begun in another browser');
  });

  it('refuses an attempt finished after its ten minutes', async () => {
    const { start } = begin(strict);
    const pending = await followSignIn(start, provider.issuer, 'jdupont', { stopAtCallback: true });
    shift = 11 * 60_000;
    const callback = pending.callback!;
    await expectRefused(async () => {
      const response = await fetch(callback, {
        redirect: 'manual',
        headers: { cookie: pending.jar.header(callback) },
      });
      return new URL(response.headers.get('location')!);
    }, 'expired');
  });

  it('refuses a replayed authorization code, a tampered nonce and a tampered ID token signature', async () => {
    const used = await signIn('jdupont');
    const usedCode = used.callback!.searchParams.get('code')!;
    const finish = async (mutate: (callback: URL) => Promise<void> | void) => {
      const { start } = begin(strict);
      const pending = await followSignIn(start, provider.issuer, 'jdupont', { stopAtCallback: true });
      const callback = new URL(pending.callback!);
      const cookie = pending.jar.header(callback);
      await mutate(callback);
      const response = await fetch(callback, { redirect: 'manual', headers: { cookie } });
      return new URL(response.headers.get('location')!);
    };
    await expectRefused(
      () => finish((callback) => callback.searchParams.set('code', usedCode)),
      'code-rejected',
    );
    await expectRefused(
      () => finish(async () => void (await getDb().query("UPDATE oidc_attempts SET nonce = 'tampered'"))),
      'invalid-id-token',
    );
    expect((await lastAudit(getDb())).data.message).toMatch(/nonce/i);
    tamper.on = true;
    await expectRefused(() => finish(() => {}), 'invalid-id-token');
    expect((await lastAudit(getDb())).data.message).toMatch(/signature/i);
  });

  it('a hand-off code works once, only with its verifier, within its minute', async () => {
    const stolen = await signIn('jdupont');
    const before = await counts(getDb());
    const refused = async (code: string, verifier: string) => {
      const response = await exchange(strict, code, verifier);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        message: 'login.sso.error.invalid-handoff',
        params: { reason: 'invalid-handoff' },
      });
      expect(await lastAudit(getDb())).toMatchObject({
        type: 'AUTHENTICATION_FAILURE',
        data: { reason: 'invalid-handoff' },
      });
    };
    // Someone who reads the code without the verifier (kept by the client that began) gets nothing,
    // and the code is spent.
    await refused(stolen.answer.get('code')!, clientPair().verifier);
    await refused(stolen.answer.get('code')!, stolen.pair.verifier);
    const late = await signIn('jdupont');
    shift = 61_000;
    await refused(late.answer.get('code')!, late.pair.verifier);
    const replayed = await signIn('jdupont');
    shift = 0;
    expect((await exchange(strict, replayed.answer.get('code')!, replayed.pair.verifier)).statusCode).toBe(
      200,
    );
    await refused(replayed.answer.get('code')!, replayed.pair.verifier);
    expect((await counts(getDb())).sessions).toBe(before.sessions + 1);
  });

  it("sends the CLI's answer to its loopback listener", async () => {
    const { answer, final, pair } = await signIn('jdupont', strict, '&loopbackPort=45678&rememberMe=true');
    expect(`${final.origin}${final.pathname}`).toBe('http://127.0.0.1:45678/callback');
    const response = await exchange(strict, answer.get('code')!, pair.verifier, 'extranet-cli/1.0 (linux)');
    expect(response.statusCode).toBe(200);
    const declined = await followSignIn(
      begin(strict, '&loopbackPort=45678').start,
      provider.issuer,
      'jdupont',
      { decline: true },
    );
    expect(declined.final.searchParams.get('error')).toBe('provider-error');
  });
});

describe('without a provider', () => {
  forEachApp((_kind, ctx) => {
    it('says SSO is not offered, and its routes answer 404', async () => {
      expect((await ctx().app.inject({ url: '/api/oidc/provider' })).json()).toEqual({
        configured: false,
        displayName: null,
      });
      const authorize = await ctx().app.inject({ url: '/api/oidc/authorize?clientChallenge=x' });
      expect(authorize.statusCode).toBe(404);
      expect(
        (await ctx().app.inject({ method: 'POST', url: '/api/oidc/token', payload: {} })).statusCode,
      ).toBe(404);
    });
  });
});
