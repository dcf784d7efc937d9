/**
 * PostgreSQL ends the connection of a CSV export in flight (`pg_terminate_backend`,
 * as a failover, an idle-session timeout or an operator would). The export's COPY runs on a
 * client of its own taken from the pool; the server (its own process, as `npm start` runs it)
 * must survive: the export ends in an error, the next request is answered, the process lives.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyScaleSet } from '../../src/data/copyLoad.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, type TestDb } from '../helpers.ts';
import { type ServerProcess, signIn, startServer } from './server-process.ts';

const skip = databaseKinds().find((k) => k.kind === 'postgres')?.skip;

/** The backend running the export's COPY, once it shows in pg_stat_activity. */
async function copyBackend(url: string, states: readonly string[], ms: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'copy (%' and state = any($1::text[])`,
        [states],
      );
      if (rows[0]) return rows[0].pid;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no COPY backend seen');
  } finally {
    await client.end();
  }
}

describe.skipIf(skip !== undefined)(
  `connection cut during a CSV export${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let testDb: TestDb;
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      testDb = await openTestDb('postgres');
      await migrate(testDb.db);
      await seedDemoAccounts(testDb.db, TEST_HASH_ROUNDS);
      // Enough rows that the CSV outgrows the socket buffers: the COPY is still running while
      // the test holds the download unread.
      await copyScaleSet(testDb.url!, { policies: 20_000, seed: 14 });
    }, 180_000);
    afterAll(async () => {
      await server?.kill();
      await testDb?.dispose();
    });

    it('the export fails, the process lives and the next request is answered', async () => {
      server = await startServer({ DATABASE_URL: testDb.url!, DATA_DIR: `/tmp/extranet-cut-${process.pid}` });
      const user = await signIn(server.url, 'grossiste');
      const response = await fetch(`${server.url}/api/police/export.csv`, { headers: user });
      expect(response.status).toBe(200);
      // The download is held unread: PostgreSQL either finishes the COPY into the socket buffers
      // (its backend is then idle in the export's transaction) or blocks writing to a full one
      // (still active), depending on the machine's buffer sizes; either way the transaction is open.
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      const pid = await copyBackend(testDb.url!, ['idle in transaction', 'active'], 20_000);
      const other = new pg.Client({ connectionString: testDb.url! });
      await other.connect();
      const { rows } = await other.query<{ ok: boolean }>('select pg_terminate_backend($1) ok', [pid]);
      await other.end();
      expect(rows[0]!.ok).toBe(true);

      // The download, read on, ends in an error (the export could not finish its transaction).
      const rest = (async () => {
        for (;;) if ((await reader.read()).done) return 'complete';
      })();
      await expect(rest).rejects.toThrow();

      // The process is alive and answers, on the database, right after.
      await new Promise((r) => setTimeout(r, 500));
      expect(server.child.exitCode).toBeNull();
      const next = await fetch(`${server.url}/api/account`, { headers: user });
      expect(next.status).toBe(200);
      const list = await fetch(`${server.url}/api/police?size=5`, { headers: user });
      expect(list.status).toBe(200);
      expect(server.lines.some((line) => line.includes('57P01'))).toBe(true);
    }, 120_000);
  },
);
