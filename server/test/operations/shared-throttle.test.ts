/**
 * Sign-in throttling is counted in the database: two applications, each with its
 * own connection pool, over one PostgreSQL database allow one budget between them, not one each.
 * The embedded database runs the same statements (security/sign-in-throttle.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { sweepRateLimits } from '../../src/http/rate-limiter.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, type TestDb, testConfig } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;

describe.skipIf(postgres.skip)(
  postgres.skip ? `shared throttling (skipped: ${postgres.skip})` : 'shared throttling',
  () => {
    let target: TestDb;
    let second: Db;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      target = await openTestDb('postgres');
      await migrate(target.db);
      await seedDemoAccounts(target.db, TEST_HASH_ROUNDS);
      second = openPostgres(target.url!, 2);
      for (const db of [target.db, second]) {
        const app = await buildApp({
          config: testConfig({ SIGNIN_LIMIT_PER_LOGIN: '3' }),
          db,
          logger: false,
          hashRounds: TEST_HASH_ROUNDS,
        });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await second?.close();
      await target?.dispose();
    });

    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'compta', password } });

    it('failures on either instance count toward one limit', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      expect((await attempt(one, 'wrong-1')).statusCode).toBe(401);
      expect((await attempt(two, 'wrong-2')).statusCode).toBe(401);
      expect((await attempt(one, 'wrong-3')).statusCode).toBe(401);
      // Three failures in all: each instance alone saw fewer, yet both refuse, even the right password.
      for (const app of [two, one]) {
        const refused = await attempt(app, 'compta');
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      }
      // Ended windows are swept; a window still running is not.
      expect(await sweepRateLimits(target.db)).toBe(0);
      expect(await sweepRateLimits(target.db, Date.now() + 16 * 60_000)).toBeGreaterThan(0);
      expect((await attempt(two, 'compta')).statusCode).toBe(200);
    });
  },
);
