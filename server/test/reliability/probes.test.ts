/**
 * The load balancer's probes. Liveness answers while the process runs; readiness
 * follows the database (reachable and migrated), not the mail server; both are public and say
 * nothing more than UP or DOWN. The admin's full `/management/health` stays 503 on a mail outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
import { forEachApp, forEachDatabase, testConfig } from '../helpers.ts';

const downMailer: Mailer = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('connect ECONNREFUSED')),
  check: async () => ({ ok: false, error: 'connect ECONNREFUSED' }),
  close: () => undefined,
};

const LIVENESS = '/management/health/liveness';
const READINESS = '/management/health/readiness';

forEachApp(
  (_kind, ctx) => {
    it('a mail outage leaves the node live and ready; the admin health still shows it', async () => {
      const { app } = ctx();
      for (const url of [LIVENESS, READINESS]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({ status: 'UP' });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
      const health = await app.inject({
        method: 'GET',
        url: '/management/health',
        headers: await ctx().auth('admin'),
      });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ mail: { status: 'DOWN' } });
    });

    it('a signed-in user gets the same bare answer', async () => {
      const response = await ctx().app.inject({
        method: 'GET',
        url: READINESS,
        headers: await ctx().auth('admin'),
      });
      expect(response.json()).toEqual({ status: 'UP' });
    });
  },
  { mailer: downMailer },
);

forEachDatabase(
  (_kind, getDb) => {
    it('readiness is DOWN on a database that lacks a migration, liveness UP', async () => {
      // The database of forEachDatabase starts empty: nothing migrated.
      const app = await buildApp({ config: testConfig(), db: getDb(), logger: false, mailer: downMailer });
      try {
        expect((await app.inject({ method: 'GET', url: LIVENESS })).statusCode).toBe(200);
        const before = await app.inject({ method: 'GET', url: READINESS });
        expect(before.statusCode).toBe(503);
        expect(before.json()).toEqual({ status: 'DOWN' });
        await migrate(getDb());
        expect((await app.inject({ method: 'GET', url: READINESS })).statusCode).toBe(200);
        // A database one migration behind this build (an older schema) is not ready either.
        await getDb().exec(
          'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)',
        );
        expect((await app.inject({ method: 'GET', url: READINESS })).statusCode).toBe(503);
      } finally {
        await app.close();
      }
    });
  },
  { migrate: false },
);

describe('readiness while the database is unreachable', () => {
  // Nothing listens on port 1: every connection is refused, as when PostgreSQL is down.
  const db = openPostgres('postgres://postgres@127.0.0.1:1/none', 1);
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db, logger: false, mailer: downMailer });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is DOWN with no detail while liveness stays UP', async () => {
    const ready = await app.inject({ method: 'GET', url: READINESS });
    expect(ready.statusCode).toBe(503);
    expect(ready.body).toBe('{"status":"DOWN"}');
    expect((await app.inject({ method: 'GET', url: LIVENESS })).statusCode).toBe(200);
  });
});
