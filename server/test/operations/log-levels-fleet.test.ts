/**
 * A log level set through one instance applies on every instance of the same PostgreSQL
 * database: two applications, each with its own connection pool, over one database.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, type TestDb, testConfig } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;

describe.skipIf(postgres.skip)(
  postgres.skip ? `log levels (skipped: ${postgres.skip})` : 'log levels',
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
          config: testConfig(),
          db,
          logger: { level: 'info', stream: new Writable({ write: (_c, _e, done) => done() }) },
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

    const adminHeaders = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'admin', password: 'admin' },
      });
      return { authorization: `Bearer ${(response.json() as { id_token: string }).id_token}` };
    };
    const levelOn = async (app: FastifyInstance, name: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/management/logs',
        headers: await adminHeaders(app),
      });
      return (response.json() as { name: string; level: string }[]).find((l) => l.name === name)?.level;
    };
    const eventually = async (read: () => Promise<unknown>, expected: unknown) => {
      const deadline = Date.now() + 5000;
      let value = await read();
      while (value !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        value = await read();
      }
      return value;
    };

    it('applies a level set through one instance on the other', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      expect(await levelOn(two, 'extranet.security')).toBe('INFO');
      const put = await one.inject({
        method: 'PUT',
        url: '/management/logs',
        headers: await adminHeaders(one),
        payload: { name: 'extranet.security', level: 'DEBUG' },
      });
      expect(put.statusCode).toBe(204);
      expect(await levelOn(one, 'extranet.security')).toBe('DEBUG');
      expect(await eventually(() => levelOn(two, 'extranet.security'), 'DEBUG')).toBe('DEBUG');
      // And back the other way, on the root logger.
      await two.inject({
        method: 'PUT',
        url: '/management/logs',
        headers: await adminHeaders(two),
        payload: { name: 'ROOT', level: 'WARN' },
      });
      expect(await eventually(() => levelOn(one, 'ROOT'), 'WARN')).toBe('WARN');
    });

    it('ignores a malformed notification on the channel', async () => {
      await target.db.query(`SELECT pg_notify('extranet_log_levels', $1)`, [
        '{"name":"ROOT","level":"LOUD"}',
      ]);
      await target.db.query(`SELECT pg_notify('extranet_log_levels', 'not json')`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await levelOn(apps[0]!, 'ROOT')).toBe('WARN');
    });
  },
);
