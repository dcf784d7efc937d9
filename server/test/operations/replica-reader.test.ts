/**
 * The replica reader (db/replica-reader.ts) without a fleet: a replica nobody answers for sends
 * its reads to the primary and says why; a statement the replica refuses is not run again on the
 * primary (it would fail the same way, or do the work twice); a reachable replica serves. The
 * fleet test (test/fleet) stops and pauses a real streaming replica.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/ensure-postgres.ts';
import type { PostgresDb } from '../../src/db/postgres.ts';
import { isUnreachable, openReplicaReader, type ReplicaReader } from '../../src/db/replica-reader.ts';
import { databaseKinds, openTestDb, type TestDb } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;

describe.skipIf(postgres.skip)(
  postgres.skip ? `replica reader (skipped: ${postgres.skip})` : 'replica reader',
  () => {
    let primary: TestDb;
    let other: TestDb;
    const readers: ReplicaReader[] = [];
    const open = (readUrl: string) => {
      const reader = openReplicaReader({ primary: primary.db as PostgresDb, readUrl, maxLagSeconds: 5 });
      readers.push(reader);
      return reader;
    };
    beforeAll(async () => {
      [primary, other] = await Promise.all([openTestDb('postgres'), openTestDb('postgres')]);
      await primary.db.exec("CREATE TABLE place (name text); INSERT INTO place VALUES ('primaire')");
      await other.db.exec("CREATE TABLE place (name text); INSERT INTO place VALUES ('réplique')");
    });
    afterAll(async () => {
      for (const reader of readers) await reader.close();
      await primary?.dispose();
      await other?.dispose();
    });

    it('reads on the primary while the replica does not answer, and says why', async () => {
      const reader = open(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`);
      // The first read finds it gone (or the first probe did), runs on the primary, and the replica is out.
      expect(await reader.query('SELECT name FROM place')).toEqual([{ name: 'primaire' }]);
      expect(reader.status()).toMatchObject({ serving: false, lagSeconds: undefined });
      expect(reader.status().reason).toMatch(/ECONNREFUSED|connect/);
      expect(await reader.query('SELECT name FROM place')).toEqual([{ name: 'primaire' }]);
      const batches = [];
      for await (const batch of reader.stream('SELECT name FROM place')) batches.push(...batch);
      expect(batches).toEqual([{ name: 'primaire' }]);
      const { failed, down, behind } = reader.status().fallbacks;
      expect([failed + down, behind]).toEqual([3, 0]);
      expect((await reader.check()).serving).toBe(false);
    });

    it('does not run on the primary a statement the replica refused', async () => {
      const reader = open(other.url!);
      expect((await reader.check()).serving).toBe(true);
      await expect(reader.query('SELECT no_such_column FROM place')).rejects.toThrow(/no_such_column/);
      expect(reader.status()).toMatchObject({ serving: true, fallbacks: { failed: 0, down: 0, behind: 0 } });
      expect(await primary.db.query('SELECT name FROM place')).toEqual([{ name: 'primaire' }]);
    });

    it('reads on a replica that answers (not a standby: nothing to trail)', async () => {
      const reader = open(other.url!);
      const status = await reader.check();
      expect(status).toMatchObject({ serving: true, lagSeconds: 0, reason: undefined });
      expect(await reader.query('SELECT name FROM place ORDER BY name')).toContainEqual({ name: 'réplique' });
    });

    it('tells an unreachable server from a refused statement', () => {
      expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
        true,
      );
      expect(isUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
      expect(isUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
      expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
      expect(isUnreachable(Object.assign(new Error('column does not exist'), { code: '42703' }))).toBe(false);
      expect(isUnreachable(Object.assign(new Error('division by zero'), { code: '22012' }))).toBe(false);
    });
  },
);
