/**
 * A database whose disk is full refuses writes with SQLSTATE 53100 (`disk_full`). Filling a real
 * PostgreSQL disk is out of reach of a unit test, so the database's answer is injected at the
 * edge (the Db interface): the server must turn it into a 507 problem, not a bare 500, and keep
 * serving reads.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db, Queryable } from '../src/db/types.ts';
import { isOutOfSpace } from '../src/http/error-handler.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { openTestDb, TEST_HASH_ROUNDS, testConfig } from './helpers.ts';

const diskFull = () =>
  Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
    code: '53100',
  });

/** Once `disk.full` is set, every write fails the way PostgreSQL fails on a full disk; reads still work. */
function withDisk(db: Db, disk: { full: boolean }): Db {
  const writes = /^\s*(insert|update|delete)\b/i;
  const guard = (q: Queryable): Queryable => ({
    query: (sql, params) =>
      disk.full && writes.test(sql) ? Promise.reject(diskFull()) : q.query(sql, params),
    exec: (sql) => q.exec(sql),
  });
  return Object.assign(Object.create(db), {
    ...guard(db),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(guard(tx))),
  });
}

describe('when the database disk is full', () => {
  it('recognises disk-full errors from PostgreSQL and from the OS only', () => {
    expect(isOutOfSpace(diskFull())).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutOfSpace(new Error('no code'))).toBe(false);
  });

  it('answers a write with 507 problem+json, changes nothing, and keeps serving reads', async () => {
    const target = await openTestDb('pglite', { migrated: true });
    await seedDemoAccounts(target.db, TEST_HASH_ROUNDS);
    const disk = { full: false };
    const app = await buildApp({
      config: testConfig(),
      db: withDisk(target.db, disk),
      logger: false,
      hashRounds: TEST_HASH_ROUNDS,
    });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'user', password: 'user' },
      });
      const headers = { authorization: `Bearer ${(signIn.json() as { id_token: string }).id_token}` };
      const before = (await app.inject({ method: 'GET', url: '/api/account', headers })).json() as Record<
        string,
        unknown
      >;
      disk.full = true;
      const save = await app.inject({
        method: 'POST',
        url: '/api/account',
        headers,
        payload: { ...before, firstName: 'Changed' },
      });
      expect(save.statusCode).toBe(507);
      expect(save.headers['content-type']).toContain('application/problem+json');
      expect(save.json()).toMatchObject({ status: 507, message: 'error.http.507' });
      expect(save.body).not.toContain('base/5');
      const after = await app.inject({ method: 'GET', url: '/api/account', headers });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ firstName: before.firstName });
    } finally {
      await app.close();
      await target.db.close();
    }
  });
});
