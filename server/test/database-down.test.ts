import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { isDatabaseUnavailable } from '../src/http/error-handler.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { openTestDb, TEST_HASH_ROUNDS, testConfig } from './helpers.ts';

describe('when the database is unavailable', () => {
  it('recognises connection failures but not query errors', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('answers 503 problems, and health 503 DOWN even to a signed-in admin (PGlite closed)', async () => {
    const target = await openTestDb('pglite', { migrated: true });
    await migrate(target.db);
    await seedDemoAccounts(target.db, TEST_HASH_ROUNDS);
    const app = await buildApp({
      config: testConfig(),
      db: target.db,
      logger: false,
      hashRounds: TEST_HASH_ROUNDS,
    });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'admin', password: 'admin' },
      });
      const headers = { authorization: `Bearer ${(signIn.json() as { id_token: string }).id_token}` };
      await target.db.close();
      const account = await app.inject({ method: 'GET', url: '/api/account', headers });
      expect(account.statusCode).toBe(503);
      expect(account.headers['content-type']).toContain('application/problem+json');
      expect(account.json()).toMatchObject({
        status: 503,
        detail: 'The database is unavailable; please try again later',
      });
      const health = await app.inject({ method: 'GET', url: '/management/health', headers });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'DOWN' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 when PostgreSQL cannot be reached', async () => {
    const db = openPostgres('postgres://postgres@127.0.0.1:1/none', 1);
    const app = await buildApp({ config: testConfig(), db, logger: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'admin', password: 'admin' },
      });
      expect(response.statusCode).toBe(503);
      const health = await app.inject({ method: 'GET', url: '/management/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'DOWN' });
    } finally {
      await app.close();
      await db.close();
    }
  });
});
