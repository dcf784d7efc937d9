/**
 * Faults: PostgreSQL stopped under load (a throw-away cluster, never the shared
 * server). While it is down, requests fail fast with a 5xx problem, health says DOWN with 503,
 * the process stays up and answers what needs no database; when the database returns the
 * server recovers by itself, with nothing half-written. A load of the demo data cut by a crash
 * of the database leaves no row behind (one transaction).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres, type PostgresDb } from '../../src/db/postgres.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seed } from '../entities/seed.ts';
import { TEST_HASH_ROUNDS, testConfig } from '../helpers.ts';
import { type Cluster, clusterUnavailable, createCluster } from './cluster.ts';

const unavailable = clusterUnavailable();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(unavailable !== undefined)(
  `PostgreSQL stopped and restarted${unavailable ? ` (${unavailable})` : ''}`,
  () => {
    let cluster: Cluster;
    let db: PostgresDb;
    let app: FastifyInstance;
    let auth: { authorization: string };
    let admin: { authorization: string };

    beforeAll(async () => {
      cluster = await createCluster();
      db = openPostgres(cluster.url, 5);
      await migrate(db);
      await seedDemoAccounts(db, TEST_HASH_ROUNDS);
      await seed(db);
      app = await buildApp({ config: testConfig(), db, logger: false, hashRounds: TEST_HASH_ROUNDS });
      await app.ready();
      const signIn = async (login: string) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: login, password: login },
        });
        return { authorization: `Bearer ${response.json().id_token}` };
      };
      auth = await signIn('courtier');
      admin = await signIn('admin');
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await db?.close().catch(() => undefined);
      cluster?.destroy();
    });

    const get = (url: string, headers = auth) => app.inject({ method: 'GET', url, headers });
    const ensureUp = () => {
      try {
        cluster.start();
      } catch {
        // already running
      }
    };

    it('fails fast under load while down, reports DOWN, stays up, and recovers by itself', async () => {
      // A steady load of lists and details from 8 workers throughout. (Exports and writes check a
      // client out of the pool, which crashes the process when the database goes: see
      // known-faults.test.ts; they join this mix once that is fixed.)
      const urls = [
        '/api/police',
        '/api/police/1001',
        '/api/commissions',
        '/api/commissions/2001',
        '/api/timelines',
      ];
      const seen: { status: number; ms: number; phase: string }[] = [];
      let phase = 'up';
      let stop = false;
      const worker = async (w: number) => {
        for (let i = w; !stop; i++) {
          const started = performance.now();
          const response = await get(urls[i % urls.length]!);
          seen.push({ status: response.statusCode, ms: performance.now() - started, phase });
          await sleep(5);
        }
      };
      const workers = Array.from({ length: 8 }, (_, w) => worker(w));
      try {
        await sleep(500);
        phase = 'down';
        cluster.stop('fast');
        await sleep(300); // let in-flight requests finish or fail
        phase = 'down-settled';
        await sleep(1500);

        const down = seen.filter((s) => s.phase === 'down-settled');
        expect(down.length).toBeGreaterThan(10);
        for (const s of down) {
          // 503 is the goal; 500 is tolerated while KNOWN (see known-faults.test.ts).
          expect(s.status).toBeGreaterThanOrEqual(500);
          expect(s.ms, 'fails fast').toBeLessThan(2000);
        }
        const anonymousHealth = await app.inject({ method: 'GET', url: '/management/health' });
        expect(anonymousHealth.statusCode).toBe(503);
        expect(anonymousHealth.json()).toMatchObject({ status: 'DOWN' });
        const problem = await get('/api/police');
        expect(problem.headers['content-type']).toContain('application/problem+json');
        expect(problem.body).not.toMatch(/ECONNREFUSED|\n\s+at /);
        // The process is up: what needs no database still answers.
        expect((await app.inject({ method: 'GET', url: '/api/profile-info' })).statusCode).toBe(200);
        const statuses = [...new Set(down.map((s) => s.status))];
        console.info(
          `[reliability] while down: ${down.length} requests, statuses ${statuses.join(',')}, slowest ${Math.round(Math.max(...down.map((s) => s.ms)))} ms`,
        );

        phase = 'restarting';
        cluster.start();
        const restartedAt = performance.now();
        let recovered = false;
        while (!recovered && performance.now() - restartedAt < 15_000) {
          recovered = (await get('/api/police')).statusCode === 200;
          if (!recovered) await sleep(200);
        }
        expect(recovered).toBe(true);
        console.info(
          `[reliability] recovered ${Math.round(performance.now() - restartedAt)} ms after the restart`,
        );
        phase = 'recovered';
        await sleep(1000);
      } finally {
        stop = true;
        await Promise.all(workers);
        if (phase !== 'recovered') ensureUp();
      }
      const after = seen.filter((s) => s.phase === 'recovered');
      expect(after.length).toBeGreaterThan(10);
      expect(after.every((s) => s.status === 200)).toBe(true);
      expect((await get('/management/health', admin)).statusCode).toBe(200);
    }, 60_000);

    it('a write cut by the database going down leaves nothing half-written', async () => {
      const policies = async () => Number((await db.query('select count(*)::int8 as n from police'))[0]!.n);
      ensureUp();
      const before = await policies();
      cluster.stop('fast');
      const write = await app.inject({
        method: 'POST',
        url: '/api/police',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ idPolice: 770001, codeCourtierPortail: 'C0001' }),
      });
      expect(write.statusCode).toBeGreaterThanOrEqual(500);
      cluster.start();
      for (let i = 0; i < 50; i++) {
        try {
          await db.query('select 1');
          break;
        } catch {
          await sleep(200);
        }
      }
      expect(await policies()).toBe(before);
    }, 60_000);

    it('a demo-data load cut by a database crash leaves no row behind (one transaction)', async () => {
      ensureUp();
      const fresh = 'extranet_cut_load';
      await db.query(`CREATE DATABASE ${fresh}`);
      const url = new URL(cluster.url);
      url.pathname = `/${fresh}`;
      const target = openPostgres(url.toString(), 2);
      // The crash itself is known-faults.test.ts's subject; here only atomicity is, so the
      // checked-out client's 'error' is absorbed as the fix will do.
      target.pool.on('connect', (client) => client.on('error', () => undefined));
      await migrate(target);
      const load = loadDemoData(target, { policiesPerBroker: 400 }).then(
        () => 'finished',
        () => 'failed',
      );
      // Crash once the rows are flowing (PDF generation comes first and takes a moment).
      let inTransaction = false;
      for (let i = 0; i < 200 && !inTransaction; i++) {
        const rows = await db.query(
          `select count(*)::int8 as n from pg_stat_activity where datname = $1 and state in ('active', 'idle in transaction')`,
          [fresh],
        );
        inTransaction = Number(rows[0]!.n) > 0;
        if (!inTransaction) await sleep(50);
      }
      cluster.stop('immediate');
      const outcome = await load;
      cluster.start();
      await sleep(500);
      const counts = await target.query(
        'select (select count(*) from police) + (select count(*) from commission) + (select count(*) from commission_mouvement) + (select count(*) from timeline_event) as n',
      );
      console.info(`[reliability] cut load: ${outcome}, ${counts[0]!.n} rows left`);
      // All or nothing: a finished load is whole, a cut one left nothing.
      if (outcome === 'failed') expect(Number(counts[0]!.n)).toBe(0);
      else expect(Number(counts[0]!.n)).toBeGreaterThan(1000);
      await target.close();
    }, 120_000);
  },
);
