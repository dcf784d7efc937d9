import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { loggerOptions } from '../src/http/logging.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { forEachApp, openTestDb, TEST_HASH_ROUNDS, type TestDb, testConfig } from './helpers.ts';

forEachApp(
  (_kind, ctx) => {
    const signIn = (username: string, password: string, remoteAddress = '203.0.113.1') =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username, password },
        remoteAddress,
      });

    it('locks a login out of one address after repeated failures there with 429 and Retry-After, sparing other logins and addresses', async () => {
      for (let i = 0; i < 3; i++)
        expect((await signIn('compta', 'wrong-password', '203.0.113.10')).statusCode).toBe(401);
      const locked = await signIn('compta', 'compta', '203.0.113.10');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(locked.headers['content-type']).toContain('application/problem+json');
      expect(locked.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      expect(locked.headers.authorization).toBeUndefined();
      expect((await signIn('courtier2', 'courtier2', '203.0.113.10')).statusCode).toBe(200);
      expect((await signIn('compta', 'compta', '203.0.113.11')).statusCode).toBe(200);
    });

    it('keeps a per-login ceiling across all addresses', async () => {
      // Two addresses use their whole allowance (3 each): the ceiling (6) is reached.
      for (const address of ['203.0.113.60', '203.0.113.61'])
        for (let i = 0; i < 3; i++)
          expect((await signIn('grossiste', 'nope-nope', address)).statusCode).toBe(401);
      expect((await signIn('grossiste', 'grossiste', '203.0.113.62')).statusCode).toBe(429);
    });

    it('counts failures per account, whether typed as its login or its e-mail address', async () => {
      for (let i = 0; i < 3; i++) {
        const username = i % 2 === 0 ? ' Portefeuille ' : 'portefeuille@demo.extranet.example';
        expect((await signIn(username, 'wrong-password', '203.0.113.30')).statusCode).toBe(401);
      }
      expect(
        (await signIn('portefeuille@demo.extranet.example', 'portefeuille', '203.0.113.30')).statusCode,
      ).toBe(429);
      expect((await signIn('PORTEFEUILLE', 'portefeuille', '203.0.113.30')).statusCode).toBe(429);
    });

    it('limits sign-in attempts per address with 429 and Retry-After, sparing other addresses', async () => {
      for (let i = 0; i < 5; i++)
        expect((await signIn('courtier', 'courtier', '203.0.113.99')).statusCode).toBe(200);
      const limited = await signIn('courtier', 'courtier', '203.0.113.99');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await signIn('courtier', 'courtier', '203.0.113.100')).statusCode).toBe(200);
    });

    it('limits registrations and reset requests per address (each sends a mail)', async () => {
      const reset = (remoteAddress: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/account/reset-password/init',
          headers: { 'content-type': 'text/plain' },
          payload: 'courtier@demo.extranet.example',
          remoteAddress,
        });
      expect((await reset('203.0.113.50')).statusCode).toBe(200);
      const register = await ctx().app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { login: 'limited', email: 'limited@example.com', password: 'Str0ng&Secret!' },
        remoteAddress: '203.0.113.50',
      });
      expect(register.statusCode).toBe(201);
      const limited = await reset('203.0.113.50');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await reset('203.0.113.51')).statusCode).toBe(200);
    });
  },
  {
    env: {
      SIGNIN_LIMIT_PER_IP: '5',
      SIGNIN_LIMIT_PER_LOGIN: '3',
      SIGNIN_CEILING_PER_LOGIN: '6',
      ACCOUNT_MAIL_LIMIT_PER_IP: '2',
    },
  },
);

const downMailer: Mailer = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('down')),
  check: async () => ({ ok: false, error: 'connect ECONNREFUSED' }),
  close: () => undefined,
};

forEachApp(
  (_kind, ctx) => {
    it('answers health 503 with the body when an indicator is DOWN', async () => {
      const anonymous = await ctx().app.inject({ method: 'GET', url: '/management/health' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'DOWN' });
      const admin = await ctx().app.inject({
        method: 'GET',
        url: '/management/health',
        headers: await ctx().auth('admin'),
      });
      expect(admin.statusCode).toBe(503);
      expect(admin.json()).toMatchObject({
        status: 'DOWN',
        db: { status: 'UP' },
        mail: { status: 'DOWN', error: 'connect ECONNREFUSED' },
      });
    });
  },
  { mailer: downMailer },
);

describe('request logs', () => {
  let target: TestDb;
  const lines: string[] = [];
  beforeAll(async () => {
    target = await openTestDb('pglite');
    await migrate(target.db);
    await seedDemoAccounts(target.db, TEST_HASH_ROUNDS);
  });
  afterAll(async () => {
    await target.dispose();
  });

  it('are structured and carry no password, token or mailed key', async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      db: target.db,
      hashRounds: TEST_HASH_ROUNDS,
      logger: { ...(loggerOptions('info') as object), stream },
    });
    let token = '';
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'courtier', password: 'courtier-secret-pass' },
      });
      expect(signIn.statusCode).toBe(401);
      const ok = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'courtier', password: 'courtier' },
      });
      token = (ok.json() as { id_token: string }).id_token;
      await app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });
      await app.inject({ method: 'GET', url: '/api/activate?key=12345678901234567890' });
      await app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        payload: 'Sup3r&SecretPass',
      });
    } finally {
      await app.close();
    }
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.some((l) => (l.req as { url?: string } | undefined)?.url === '/api/account')).toBe(true);
    expect(parsed.some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 401)).toBe(true);
    const all = lines.join('\n');
    expect(all).toContain('/api/activate?key=***');
    for (const secret of [
      'courtier-secret-pass',
      token,
      token.split('.')[2]!,
      '12345678901234567890',
      'Sup3r&SecretPass',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
