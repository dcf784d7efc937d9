/**
 * The embedded database in its worker thread (db/pglite-thread.ts), as the server runs it: the
 * same values, transactions, cursors and errors as PGlite in the calling thread, side by side.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../src/db/folder-lock.ts';
import { openPglite, type PgliteDb } from '../src/db/pglite.ts';
import type { Db } from '../src/db/types.ts';
import { isDatabaseUnavailable } from '../src/http/error-handler.ts';
import { openTestDb, type TestDb } from './helpers.ts';

let worker: TestDb;
let inThread: TestDb;

beforeAll(async () => {
  [worker, inThread] = await Promise.all([
    openTestDb('pglite', { migrated: true, worker: true }),
    openTestDb('pglite', { migrated: true }),
  ]);
  for (const { db } of [worker, inThread]) {
    await db.exec(
      'CREATE TABLE probe (id int PRIMARY KEY, label text NOT NULL, owner int REFERENCES users (id))',
    );
  }
});
afterAll(async () => {
  await Promise.all([worker?.dispose(), inThread?.dispose()]);
});

const both = (): [string, Db][] => [
  ['worker', worker.db],
  ['in thread', inThread.db],
];

describe('PGlite in a worker thread', () => {
  it('gives the values PGlite gives in the calling thread, types included', async () => {
    const sql = `SELECT 42::int8 AS big, 12.50::numeric AS money, '2024-02-29'::date AS day,
      '2024-02-29 10:00:00+01'::timestamptz AS at, '{"a":[1,"x",null]}'::jsonb AS doc,
      ARRAY[1,2,NULL]::int8[] AS ids, ARRAY['2024-01-01']::date[] AS days, ARRAY['a','b c'] AS words,
      '\\x00ff'::bytea AS bytes, true AS yes, NULL::text AS nothing, $1::text AS echoed, $2::timestamptz AS param_at,
      $3::bytea AS param_bytes, $4::jsonb AS param_doc`;
    const params = ['é', new Date('2020-01-02T03:04:05.006Z'), Buffer.from('é'), { a: [1, 'x'] }];
    const [fromWorker] = await worker.db.query(sql, params);
    const [fromThread] = await inThread.db.query(sql, params);
    expect(fromWorker).toStrictEqual(fromThread);
    expect(fromWorker?.at).toBeInstanceOf(Date);
    expect(fromWorker?.bytes).toBeInstanceOf(Uint8Array);
    expect(fromWorker).toMatchObject({ big: 42, ids: [1, 2, null], days: ['2024-01-01'], echoed: 'é' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = worker.db;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe (id, label) VALUES ($1, $2)', [1, 'kept']);
        return 'done';
      }),
    ).resolves.toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe (id, label) VALUES ($1, $2)', [2, 'dropped']);
        await tx.exec("UPDATE probe SET label = 'changed' WHERE id = 1");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT id, label FROM probe ORDER BY id')).toEqual([{ id: 1, label: 'kept' }]);
  });

  it('keeps other statements out of an open transaction until it ends', async () => {
    const db = worker.db;
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe (id, label) VALUES ($1, $2)', [3, 'inside']);
      outside = db.query<{ n: number }>('SELECT count(*) AS n FROM probe WHERE id = 3');
      // The statement sent meanwhile waits for the commit: it cannot see a half-done transaction.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('UPDATE probe SET label = $1 WHERE id = 3', ['committed']);
    });
    expect(await outside).toEqual([{ n: 1 }]);
    expect(await db.query('SELECT label FROM probe WHERE id = 3')).toEqual([{ label: 'committed' }]);
  });

  it('fails a call whose parameters cannot be copied, and only that call', async () => {
    await expect(worker.db.query('SELECT $1::text', [() => 'x'])).rejects.toThrow();
    expect(await worker.db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('refuses statements on a transaction that has ended', async () => {
    let kept: Parameters<Parameters<Db['transaction']>[0]>[0] | undefined;
    await worker.db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept?.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  it('hands errors over with the fields the server reads (code, constraint, detail, column)', async () => {
    await inThread.db.query('INSERT INTO probe (id, label) VALUES ($1, $2)', [1, 'kept']);
    const failures = [
      ['INSERT INTO probe (id, label) VALUES ($1, $2)', [1, 'again']], // 23505
      ['INSERT INTO probe (id, label) VALUES ($1, $2)', [9, null]], // 23502, column
      ['INSERT INTO probe (id, label, owner) VALUES ($1, $2, $3)', [9, 'x', 999_999]], // 23503
      ['SELECT $1::int', ['not a number']], // 22P02
      ['SELECT FROM nowhere', []], // 42P01
    ] as const;
    for (const [sql, params] of failures) {
      const errors = await Promise.all(
        both().map(([, db]) =>
          db.query(sql, params).then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      );
      const [fromWorker, fromThread] = errors as [Record<string, unknown>, Record<string, unknown>];
      expect(fromWorker).toBeInstanceOf(Error);
      for (const field of ['message', 'code', 'detail', 'constraint', 'column', 'table', 'severity'])
        expect(fromWorker[field], `${sql}: ${field}`).toStrictEqual(fromThread[field]);
    }
    const [unique] = await Promise.all([
      worker.db.query('INSERT INTO probe (id, label) VALUES (1, $1)', ['x']).catch((error: unknown) => error),
    ]);
    expect(unique).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    // A failed statement inside a transaction rolls it back and the error reaches the caller.
    await expect(
      worker.db.transaction((tx) => tx.query('INSERT INTO probe (id, label) VALUES (1, $1)', ['x'])),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await worker.db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('streams in batches, lets other queries run between them, and releases an abandoned cursor', async () => {
    const db = worker.db;
    const batches: number[] = [];
    for await (const batch of db.stream<{ n: number }>(
      'SELECT n FROM generate_series(1, $1::int) AS n',
      [25],
      10,
    )) {
      batches.push(batch.length);
      expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    }
    expect(batches).toEqual([10, 10, 5]);
    for await (const batch of db.stream('SELECT n FROM generate_series(1, 100) AS n', [], 10)) {
      expect(batch).toHaveLength(10);
      break;
    }
    expect(await db.query("SELECT count(*) AS n FROM pg_cursors WHERE name LIKE 'export_cursor_%'")).toEqual([
      { n: 0 },
    ]);
  });
});

describe('a data folder opened in a worker thread', () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-worker-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is locked by this process, dumps, closes the worker and refuses calls afterwards as unavailable', async () => {
    const dir = join(root, 'pglite');
    // Started from the migrated database's dump (PGlite's initdb on a folder is slow).
    const db = await openPglite(dir, {
      worker: true,
      owner: 'test',
      loadDataDir: await (worker.db as PgliteDb).dump(),
    });
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'test',
    });
    await db.exec('CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)');
    const dump = await db.dump();
    expect(dump.size).toBeGreaterThan(0);
    await db.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const refused = await db.query('SELECT 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await db.close(); // twice is harmless

    // The folder reopens with its rows, and the dump starts another database with them.
    const reopened = await openPglite(dir, { worker: true });
    const copy = await openPglite('memory://', { worker: true, loadDataDir: dump });
    try {
      expect(await reopened.query('SELECT v FROM kept')).toEqual([{ v: 7 }]);
      expect(await copy.query('SELECT v FROM kept')).toEqual([{ v: 7 }]);
    } finally {
      await Promise.all([reopened.close(), copy.close()]);
    }
  });

  it('fails to open with PGlite’s reason and leaves the folder unlocked', async () => {
    const dir = join(root, 'broken');
    await expect(
      openPglite(dir, { worker: true, loadDataDir: new Blob(['not a tar archive']) }),
    ).rejects.toThrow();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });
});
