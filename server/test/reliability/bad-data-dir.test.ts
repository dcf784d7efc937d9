/**
 * The real server started on a data folder it cannot use stops within seconds,
 * with a message naming the folder and the problem, instead of spinning (`/proc/x`), failing
 * vaguely after a long PGlite start (a read-only embedded folder), or starting and reporting the
 * mail as unavailable later (a read-only folder on PostgreSQL).
 *
 * Read-only: a read-only bind mount when the tests run as root (root writes through mode bits),
 * else the folder's write bits removed.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadOrCreateJwtSecret, SERVER_ROOT } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { databaseKinds, openTestDb, type TestDb } from '../helpers.ts';
import { spawnNode } from './server-process.ts';

const MAIN = join(SERVER_ROOT, 'src', 'main.ts');
const root = process.getuid?.() === 0;

/** Makes `dir` read-only; returns the undo. */
function makeReadOnly(dir: string): () => void {
  if (root) {
    execFileSync('mount', ['--bind', dir, dir]);
    execFileSync('mount', ['-o', 'remount,ro,bind', dir]);
    return () => execFileSync('umount', [dir]);
  }
  chmodSync(dir, 0o555);
  return () => chmodSync(dir, 0o755);
}

const bindMountWorks = (() => {
  if (!root) return true;
  const probe = mkdtempSync(join(tmpdir(), 'extranet-ro-probe-'));
  try {
    makeReadOnly(probe)();
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Runs the server with `env` and waits for it to exit; fails when it is still running after `ms`. */
async function refusedStart(env: Record<string, string>, ms = 10_000) {
  const started = Date.now();
  const server = spawnNode(MAIN, [], {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'x'.repeat(40),
    ...env,
  });
  const code = await Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ]);
  if (code === 'still running') await server.kill();
  return {
    code,
    seconds: (Date.now() - started) / 1000,
    stderr: server.stderr(),
    stdout: server.lines.join('\n'),
  };
}

describe('start-up on a bad data folder', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'extranet-bad-data-'));
  const undo: (() => void)[] = [];
  let testDb: TestDb | undefined;
  const pgSkip = databaseKinds().find((k) => k.kind === 'postgres')?.skip;
  beforeAll(async () => {
    if (!pgSkip) testDb = await openTestDb('postgres');
  });
  afterAll(async () => {
    for (const u of undo.reverse()) u();
    rmSync(scratch, { recursive: true, force: true });
    await testDb?.dispose();
  });

  it('DATA_DIR=/proc/x: stops at once, naming the folder', async () => {
    const result = await refusedStart({ DATA_DIR: '/proc/x' });
    expect(result.code).toBe(1);
    expect(result.seconds).toBeLessThan(8);
    expect(result.stderr).toMatch(/DATA_DIR \/proc\/x cannot be created \(.+\)/);
  }, 30_000);

  it('DATA_DIR is a file: stops, saying it is not a folder', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const result = await refusedStart({ DATA_DIR: file });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`DATA_DIR ${file}`);
  }, 30_000);

  it.skipIf(!bindMountWorks)(
    'a read-only embedded folder: stops within seconds, naming it, and leaves it as it was',
    async () => {
      const dir = join(scratch, 'embedded');
      // A folder a server already used: a migrated database and the generated secret.
      const template = inject('pgliteTemplate');
      const db = await openPglite(
        join(dir, 'pglite'),
        template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
      );
      await migrate(db);
      await db.close();
      loadOrCreateJwtSecret(dir);
      const before = readdirSync(join(dir, 'pglite')).sort();
      undo.push(makeReadOnly(dir));
      const result = await refusedStart({ DATA_DIR: dir, SEED_DEMO: 'false' });
      expect(result.code).toBe(1);
      expect(result.seconds).toBeLessThan(8);
      expect(result.stderr).toMatch(new RegExp(`DATA_DIR ${dir} is not writable \\(.*(EROFS|EACCES).*\\)`));
      expect(readdirSync(join(dir, 'pglite')).sort()).toEqual(before);
    },
    120_000,
  );

  it.skipIf(!bindMountWorks || pgSkip !== undefined)(
    'a read-only folder on PostgreSQL: stops within seconds, naming it (not a mail outage later)',
    async () => {
      const dir = join(scratch, 'postgres');
      execFileSync('mkdir', ['-p', dir]);
      undo.push(makeReadOnly(dir));
      const result = await refusedStart({ DATA_DIR: dir, DATABASE_URL: testDb!.url! });
      expect(result.code).toBe(1);
      expect(result.seconds).toBeLessThan(8);
      expect(result.stderr).toMatch(new RegExp(`DATA_DIR ${dir} is not writable`));
      expect(result.stdout).not.toContain('listening');
    },
    60_000,
  );
});
