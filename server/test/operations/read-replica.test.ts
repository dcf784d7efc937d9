/**
 * DATABASE_READ_URL: lists, counts, exports, filter choices and PDFs read on the
 * replica; details, sign-in and every write stay on the primary. The "replica" here is a second
 * database holding the same rows with marks of its own, so each answer shows where it was read;
 * the fleet test (test/fleet) runs a real streaming replica.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { waitForReplica } from '../../src/db/replica-wait.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seed } from '../entities/seed.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, type TestDb, testConfig } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;

describe.skipIf(postgres.skip)(
  postgres.skip ? `read replica (skipped: ${postgres.skip})` : 'read replica',
  () => {
    let primary: TestDb;
    let replica: TestDb;
    let app: FastifyInstance;
    let headers: Record<string, string>;
    let courtier: Record<string, string>;
    beforeAll(async () => {
      [primary, replica] = await Promise.all([openTestDb('postgres'), openTestDb('postgres')]);
      for (const { db } of [primary, replica]) {
        await migrate(db);
        await seedDemoAccounts(db, TEST_HASH_ROUNDS);
        await seed(db);
      }
      await replica.db.query(
        "UPDATE police SET nomprenom = 'LU SUR LA REPLIQUE', gamme = 'Gamme de la réplique' WHERE id_police = 1001",
      );
      await replica.db.query('DELETE FROM commission_pdf WHERE id_bordereau = 2001');
      const db: Db = { ...primary.db, reader: replica.db };
      app = await buildApp({ config: testConfig(), db, logger: false, hashRounds: TEST_HASH_ROUNDS });
      const signIn = async (login: string) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: login, password: login },
        });
        return { authorization: `Bearer ${response.json().id_token}` };
      };
      headers = await signIn('admin');
      courtier = await signIn('courtier');
    });
    afterAll(async () => {
      await app?.close();
      await primary?.dispose();
      await replica?.dispose();
    });

    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const holder = (rows: { idPolice: number; nomprenom: string }[]) =>
      rows.find((r) => r.idPolice === 1001)?.nomprenom;

    it('reads lists, counts, exports and filter choices on the replica', async () => {
      expect(holder((await get('/api/police?size=50')).json())).toBe('LU SUR LA REPLIQUE');
      const exported = await app.inject({ method: 'GET', url: '/api/police/export.csv', headers: courtier });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('LU SUR LA REPLIQUE');
      const choices = (await get('/api/police/distinct/gamme')).json() as { value: string }[];
      expect(choices.map((c) => c.value)).toContain('Gamme de la réplique');
      const total = Number((await get('/api/police')).headers['x-total-count']);
      await replica.db.query('DELETE FROM police WHERE id_police = (SELECT max(id_police) FROM police)');
      expect(Number((await get('/api/police')).headers['x-total-count'])).toBe(total - 1);
    });

    it('reads statement PDFs on the replica', async () => {
      // The replica has no PDF for statement 2001; the primary has one.
      expect((await get('/api/commissions/download/2001')).statusCode).toBe(404);
      const [pdf] = await primary.db.query('SELECT 1 FROM commission_pdf WHERE id_bordereau = 2001');
      expect(pdf).toBeDefined();
    });

    it('reads a detail on the primary and writes there', async () => {
      const detail = await get('/api/police/1001');
      expect(detail.json().nomprenom).toBe('DUPONT Jean');
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/police/1001',
        headers,
        payload: { ...(detail.json() as Record<string, unknown>), nomprenom: 'ÉCRIT SUR LE PRIMAIRE' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const [onPrimary] = await primary.db.query<{ nomprenom: string }>(
        'SELECT nomprenom FROM police WHERE id_police = 1001',
      );
      const [onReplica] = await replica.db.query<{ nomprenom: string }>(
        'SELECT nomprenom FROM police WHERE id_police = 1001',
      );
      expect(onPrimary!.nomprenom).toBe('ÉCRIT SUR LE PRIMAIRE');
      expect(onReplica!.nomprenom).toBe('LU SUR LA REPLIQUE');
      expect((await get('/api/police/1001')).json().nomprenom).toBe('ÉCRIT SUR LE PRIMAIRE');
    });

    it('does not wait on a reader that is not a standby', async () => {
      expect(await waitForReplica({ ...primary.db, reader: replica.db }, 50)).toBe(true);
    });
  },
);
