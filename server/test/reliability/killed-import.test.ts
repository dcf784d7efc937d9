/**
 * Faults: the server killed (SIGKILL) in the middle of a back-office import
 * (`POST /api/admin/import`), on PostgreSQL and on the embedded PGlite data folder. The import is
 * one transaction: after a restart on the same database the server is healthy, every table holds
 * exactly what it held before (row counts and checksums), and the same import then succeeds whole.
 *
 * "In the middle" is proven, not timed: the kill follows the import's own progress log line
 * ("import progress", written < total: a batch of rows is written inside the open transaction
 * and more remain), and on PostgreSQL the server's backend holds a write transaction id. The process is frozen
(SIGSTOP) as soon as the line is read, then killed, so the import cannot finish in between.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_ROOT } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seed } from '../entities/seed.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, type TestDb } from '../helpers.ts';
import { snapshot } from '../security/snapshot.ts';
import { type ServerProcess, signIn, spawnNode, startServer } from './server-process.ts';

/** Two batches (5,000 + 3,000 rows): the kill comes after the first. */
const ROWS = 8_000;
const FIRST_ID = 7_000_000;

const policiesCsv = () => {
  const lines = ['idPolice;codeCourtierPortail;codeCourtierGrossistePortail;police;gamme;statut'];
  for (let i = 0; i < ROWS; i++) lines.push(`${FIRST_ID + i};C0001;G0001;K${i};Santé Plus;En cours`);
  return Buffer.from(`${lines.join('\n')}\n`);
};

const postImport = async (url: string, auth: { authorization: string }, csv: Buffer) => {
  const form = new FormData();
  form.append('kind', 'police');
  form.append('file', new Blob([csv]), 'police.csv');
  return fetch(`${url}/api/admin/import`, { method: 'POST', headers: auth, body: form });
};

interface Progress {
  readonly msg?: string;
  readonly written?: number;
  readonly total?: number;
}
const progressOf = (line: string): Progress | undefined => {
  try {
    const entry = JSON.parse(line) as Progress;
    return entry.msg === 'import progress' ? entry : undefined;
  } catch {
    return undefined;
  }
};

/** A folder name of this run (made in beforeAll, so a skipped suite leaves nothing behind). */
const scratchDir = (name: string) =>
  join(tmpdir(), `extranet-${name}-${process.pid}-${Date.now().toString(36)}`);

const pgliteTemplate = () => {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
};

for (const { kind, skip } of databaseKinds()) {
  describe.skipIf(skip !== undefined)(`${kind}${skip ? ` (skipped: ${skip})` : ''}`, () => {
    const dataDir = scratchDir(`killed-import-${kind}`);
    const pgliteDir = join(dataDir, 'pglite');
    let testDb: TestDb | undefined;
    let env: Record<string, string>;
    let before: Record<string, string>;
    const servers: ServerProcess[] = [];

    /** The database as the server sees it, opened by this process (PGlite: only while no server runs). */
    const withDb = async <T>(work: (db: Db) => Promise<T>, dir = pgliteDir): Promise<T> => {
      if (testDb) return work(testDb.db);
      const db = await openPglite(dir);
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    };

    beforeAll(async () => {
      mkdirSync(dataDir, { recursive: true });
      if (kind === 'postgres') {
        testDb = await openTestDb('postgres');
        env = { DATA_DIR: dataDir, DATABASE_URL: testDb.url! };
        await prepare(testDb.db);
      } else {
        // The migrated template saves PGlite's initdb; the server then opens the same folder.
        const template = pgliteTemplate();
        const db = await openPglite(pgliteDir, template ? { loadDataDir: template } : {});
        try {
          await prepare(db);
        } finally {
          await db.close();
        }
        env = { DATA_DIR: dataDir };
      }
    }, 120_000);
    const prepare = async (db: Db) => {
      await migrate(db);
      await seedDemoAccounts(db, TEST_HASH_ROUNDS);
      await seed(db);
      before = await snapshot(db);
    };
    afterAll(async () => {
      for (const server of servers) await server.kill();
      await testDb?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('killed mid-import: restarts healthy, nothing of the import is there, the same import then succeeds', async () => {
      const csv = policiesCsv();
      const first = await startServer(env);
      servers.push(first);
      const admin = await signIn(first.url, 'admin');
      const started = Date.now();
      const answer = postImport(first.url, admin, csv).then(
        (response) => `answered ${response.status}`,
        () => 'no answer',
      );
      const line = await first.waitFor((l) => progressOf(l) !== undefined, 90_000);
      // Frozen at once, so the rest of the import cannot finish while the test looks.
      first.pause();
      const progress = progressOf(line)!;
      expect(progress.total).toBe(ROWS);
      expect(progress.written).toBeGreaterThan(0);
      expect(progress.written, 'killed with rows still to write').toBeLessThan(ROWS);
      if (testDb) {
        // The server's connection holds an uncommitted write transaction right now.
        const client = new pg.Client({ connectionString: testDb.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`,
          );
          expect(Number(rows[0]!.n), 'a write transaction is open').toBe(1);
        } finally {
          await client.end();
        }
      }
      await first.kill();
      const killedAfter = Date.now() - started;
      expect(await answer).toBe('no answer');

      // PGlite: what the killed process left is copied aside and opened here, while the server
      // restarts on the original folder: each recovers the same bytes on its own.
      const leftDir = join(dataDir, 'left-by-kill');
      if (!testDb) cpSync(pgliteDir, leftDir, { recursive: true });
      const restartStarted = Date.now();
      const [second, after] = await Promise.all([
        startServer(env),
        withDb((db) => snapshot(db), testDb ? pgliteDir : leftDir),
      ]);
      servers.push(second);
      const restartMs = Date.now() - restartStarted;
      if (!testDb) rmSync(leftDir, { recursive: true, force: true });
      expect(after, 'every table as before the import').toEqual(before);

      const health = await fetch(`${second.url}/management/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'UP' });

      const again = await postImport(second.url, await signIn(second.url, 'admin'), csv);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ rows: ROWS, inserted: ROWS, updated: 0, events: ROWS });
      const policies = await fetch(`${second.url}/api/police?size=1`, {
        headers: await signIn(second.url, 'admin'),
      });
      const seeded = Number(before.police!.split(':')[0]);
      expect(Number(policies.headers.get('x-total-count'))).toBe(seeded + ROWS);
      console.info(
        `[reliability] ${kind}: killed ${killedAfter} ms into the import at ${progress.written}/${progress.total} rows; restarted in ${restartMs} ms; tables unchanged; the import again: ${ROWS} rows`,
      );
      await second.stop();
    }, 240_000);
  });
}

/**
 * The same fault for `npm run import` (its own process, as an operator or a cron job runs it)
 * on PostgreSQL, while the server keeps running: the command is killed after its first
 * "N of M rows written" line; the tables are as before and the command run again imports all.
 */
const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;
describe.skipIf(postgres.skip !== undefined)(
  `npm run import killed mid-file (PostgreSQL)${postgres.skip ? ` (skipped: ${postgres.skip})` : ''}`,
  () => {
    const dataDir = scratchDir('killed-command');
    const csvFile = join(dataDir, 'police.csv');
    let testDb: TestDb;
    let before: Record<string, string>;
    beforeAll(async () => {
      mkdirSync(dataDir, { recursive: true });
      testDb = await openTestDb('postgres');
      await migrate(testDb.db);
      await seedDemoAccounts(testDb.db, TEST_HASH_ROUNDS);
      await seed(testDb.db);
      before = await snapshot(testDb.db);
      writeFileSync(csvFile, policiesCsv());
    }, 120_000);
    afterAll(async () => {
      await testDb?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const command = () =>
      spawnNode(join(SERVER_ROOT, 'src', 'commands', 'import.ts'), ['--kind', 'police', csvFile], {
        DATA_DIR: dataDir,
        DATABASE_URL: testDb.url!,
      });

    it('killed after its first batch: the tables are as before, and the command run again imports every row', async () => {
      const killed = command();
      const line = await killed.waitFor((l) => / rows written$/.test(l), 90_000);
      killed.pause();
      const [, written, total] = /: (\d+) of (\d+) rows written$/.exec(line)!;
      expect(Number(total)).toBe(ROWS);
      expect(Number(written), 'killed with rows still to write').toBeLessThan(ROWS);
      await killed.kill();
      expect(await killed.exited).toBeNull();
      expect(await snapshot(testDb.db), 'every table as before the import').toEqual(before);

      const again = command();
      expect(await again.exited).toBe(0);
      expect(again.lines.join('\n')).toContain(`${ROWS} rows, ${ROWS} inserted, 0 updated`);
      const [row] = await testDb.db.query<{ n: number }>('select count(*)::int8 as n from police');
      expect(Number(row!.n)).toBe(Number(before.police!.split(':')[0]) + ROWS);
      console.info(
        `[reliability] npm run import killed at ${written}/${total} rows: tables unchanged; run again: ${ROWS} rows`,
      );
    }, 180_000);
  },
);
