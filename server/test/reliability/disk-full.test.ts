/**
 * Faults: disk full on upload. The server runs in its own process with its mail
 * outbox (`DATA_DIR/outbox`, where a message and its attachments are written when no SMTP
 * server is configured, the default install) on a small tmpfs that the test really fills.
 * A message sent then gets a clear problem (no 500, no stack, no hang), leaves no partial file
 * and nothing in the database, the server keeps serving, and once space is freed the same
 * message goes through. `POST /api/upload` writes nothing, so a full disk does not concern it.
 *
 * Mounting needs root (CI runs as root). Elsewhere the server's RLIMIT_FSIZE is lowered instead
 * (`prlimit --pid`), which makes its writes fail the same way (EFBIG) without a mount; without
 * either the suite is skipped and says why.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seed } from '../entities/seed.ts';
import { databaseKinds, openTestDb, TEST_HASH_ROUNDS, TEST_JWT_SECRET, type TestDb } from '../helpers.ts';
import { pdfOfSize } from '../messages/fixtures.ts';
import { snapshot } from '../security/snapshot.ts';
import { type ServerProcess, signIn, startServer } from './server-process.ts';

const DISK_BYTES = 2 * 1024 * 1024;

/** Why a small disk cannot be mounted here, or undefined when it can. */
function mountUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root';
  const probe = mkdtempSync(join(tmpdir(), 'extranet-disk-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs refused: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Why RLIMIT_FSIZE cannot be set on the server process here, or undefined when it can. */
function prlimitUnavailable(): string | undefined {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'pipe' });
    return undefined;
  } catch {
    return 'no prlimit command (util-linux)';
  }
}

/**
 * How the disk is made full: a real small tmpfs when it can be mounted, else the server's
 * file-size limit lowered on its pid (writes then fail with EFBIG, which Node reports
 * instead of dying of SIGXFSZ), else nothing (skipped, saying why).
 */
const noMount = mountUnavailable();
const noLimit = noMount === undefined ? undefined : prlimitUnavailable();
const mode = noMount === undefined ? 'tmpfs' : noLimit === undefined ? 'rlimit' : undefined;
const postgres = databaseKinds().find((k) => k.kind === 'postgres' && k.skip === undefined);

describe.skipIf(mode === undefined)(
  mode === 'tmpfs'
    ? 'disk full on upload (a 2 MB tmpfs, filled)'
    : mode === 'rlimit'
      ? `disk full on upload (RLIMIT_FSIZE on the server: ${noMount})`
      : `disk full on upload (skipped: ${noMount}; ${noLimit})`,
  () => {
    // Made in beforeAll, so a skipped suite leaves nothing behind.
    const dataDir = join(tmpdir(), `extranet-disk-full-${process.pid}-${Date.now().toString(36)}`);
    const outbox = join(dataDir, 'outbox');
    const filler = join(outbox, 'filler');
    let mounted = false;
    let testDb: TestDb | undefined;
    let server: ServerProcess | undefined;
    let before: Record<string, string>;
    const pgliteDir = join(dataDir, 'pglite');

    /** The server's database opened here (PGlite: only while the server is stopped). */
    const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      if (testDb) return work(testDb.db);
      // A new folder starts from the migrated template (saves PGlite's initdb).
      const template = existsSync(pgliteDir) ? null : inject('pgliteTemplate');
      const db = await openPglite(
        pgliteDir,
        template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
      );
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    };

    beforeAll(async () => {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      if (mode === 'tmpfs') {
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES},mode=0700`, 'tmpfs', outbox]);
        mounted = true;
      }
      if (postgres) testDb = await openTestDb('postgres');
      before = await withDb(async (db) => {
        await migrate(db);
        await seedDemoAccounts(db, TEST_HASH_ROUNDS);
        await seed(db);
        return snapshot(db);
      });
      server = await startServer({ DATA_DIR: dataDir, ...(testDb ? { DATABASE_URL: testDb.url! } : {}) });
    }, 180_000);
    afterAll(async () => {
      await server?.kill();
      await testDb?.dispose();
      if (mounted) execFileSync('umount', ['-l', outbox]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    const attachment = pdfOfSize(300 * 1024);
    const message = (auth: { authorization: string }, url = server!.url) => {
      const form = new FormData();
      form.append('subject', 'Demande de remboursement');
      form.append('message', '<p>Disk-full probe: please find the statement attached.</p>');
      form.append('id_police', '1001');
      form.append('files', new Blob([attachment]), 'releve.pdf');
      return fetch(`${url}/api/messages`, {
        method: 'POST',
        headers: auth,
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    };
    const upload = (auth: { authorization: string }) => {
      const form = new FormData();
      form.append('files', new Blob([attachment]), 'releve.pdf');
      return fetch(`${server!.url}/api/upload`, {
        method: 'POST',
        headers: auth,
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    };
    /** Every file under the outbox with its size, the filler left out. */
    const outboxFiles = () =>
      (readdirSync(outbox, { recursive: true }) as string[])
        .filter((f) => f !== 'filler' && statSync(join(outbox, f)).isFile())
        .map((f) => `${f}:${statSync(join(outbox, f)).size}`)
        .sort();

    /** Room left for one file: less than a message with its attachment needs. */
    const LEFT = 100 * 1024;
    /** Fills the disk until LEFT bytes remain; returns the bytes a file can still take. */
    const fill = (): number => {
      if (mode === 'rlimit') {
        execFileSync('prlimit', ['--pid', String(server!.child.pid), `--fsize=${LEFT}:`]);
        return LEFT;
      }
      const { bavail, bsize } = statfsSync(outbox);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - LEFT), 0x41));
      return statfsSync(outbox).bavail * statfsSync(outbox).bsize;
    };
    let softLimit = '';
    const free = () => {
      if (mode === 'rlimit')
        execFileSync('prlimit', ['--pid', String(server!.child.pid), `--fsize=${softLimit}:`]);
      else rmSync(filler);
    };

    it('a message sent while the disk is full: a clear problem, no partial file, nothing written; it goes through once space is freed', async () => {
      const courtier = await signIn(server!.url, 'courtier');
      const first = await message(courtier);
      expect(first.status, await first.clone().text()).toBe(200);
      const kept = outboxFiles();
      expect(kept.filter((f) => /\.eml:\d+$/.test(f))).toHaveLength(1);

      if (mode === 'rlimit')
        softLimit = execFileSync(
          'prlimit',
          ['--pid', String(server!.child.pid), '--fsize', '--raw', '--noheadings', '--output=SOFT'],
          { encoding: 'utf8' },
        ).trim();
      expect(fill(), 'the disk is nearly full').toBeLessThan(attachment.length);

      // The upload check holds the files in memory only: a full disk is not its concern.
      const checked = await upload(courtier);
      expect(checked.status).toBe(200);

      const started = Date.now();
      const refused = await message(courtier);
      const ms = Date.now() - started;
      const body = await refused.text();
      console.info(`[reliability] disk full: ${refused.status} in ${ms} ms: ${body}`);
      expect(refused.status, 'Insufficient Storage, not a 500').toBe(507);
      expect(ms, 'answered, not hung').toBeLessThan(20_000);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(body).not.toMatch(/ENOSPC|EFBIG|\n\s+at |\/outbox\//);
      const problem = JSON.parse(body) as { status: number; title: string; detail: string; message: string };
      expect(problem).toMatchObject({
        status: 507,
        title: 'Insufficient Storage',
        message: 'error.http.507',
      });
      expect(problem.detail).toMatch(/not sent/);
      expect(outboxFiles(), 'no partial mail, nothing kept for a retry').toEqual(kept);

      // Still serving.
      expect((await fetch(`${server!.url}/api/account`, { headers: courtier })).status).toBe(200);

      free();
      const again = await message(courtier);
      expect(again.status, await again.clone().text()).toBe(200);
      const after = outboxFiles();
      expect(after).toHaveLength(kept.length + 1);
      const sent = after.find((f) => !kept.includes(f))!.split(':')[0]!;
      const mail = readFileSync(join(outbox, sent), 'utf8');
      expect(mail).toContain('Disk-full probe');
      expect(mail).toMatch(/filename=releve\.pdf/);

      await server!.stop();
      expect(await withDb((db) => snapshot(db)), 'the database is as before').toEqual(before);
    }, 240_000);

    // The file-size limit applies to a process: this test's app runs inside the test process.
    it.skipIf(mode !== 'tmpfs')(
      'with an SMTP server that is down as well: the message and its attachment wait in the database, whatever the disk',
      async () => {
        // In this process, on the same outbox disk (the server process above is stopped by now),
        // on its PostgreSQL database when there is one, else on an in-memory PGlite.
        const own = testDb ? undefined : await openTestDb('pglite', { migrated: true });
        const db = testDb?.db ?? own!.db;
        if (own) {
          await migrate(db);
          await seedDemoAccounts(db, TEST_HASH_ROUNDS);
          await seed(db);
        }
        const config = loadConfig(
          {
            DATA_DIR: dataDir,
            JWT_SECRET: TEST_JWT_SECRET,
            LOG_LEVEL: 'silent',
            SMTP_URL: 'smtp://127.0.0.1:1',
          },
          { cwd: dataDir },
        );
        const app = await buildApp({ config, db, logger: false, hashRounds: TEST_HASH_ROUNDS });
        try {
          await app.listen({ port: 0, host: '127.0.0.1' });
          const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
          const courtier = await signIn(url, 'courtier');
          const files = outboxFiles();
          fill();
          const queued = await message(courtier, url);
          expect(queued.status).toBe(503);
          expect(await queued.json()).toMatchObject({ message: 'error.mail.queued', params: { kept: true } });
          expect(outboxFiles(), 'nothing written to the full disk').toEqual(files);
          const [kept] = await db.query<{ content: Uint8Array }>(
            'SELECT a.content FROM mail_outbox m JOIN mail_outbox_attachment a ON a.mail_id = m.id ORDER BY m.id DESC LIMIT 1',
          );
          expect(Buffer.from(kept!.content).equals(attachment)).toBe(true);
          free();
        } finally {
          await app.close();
          await own?.dispose();
        }
      },
      120_000,
    );
  },
);
