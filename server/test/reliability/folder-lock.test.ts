/**
 * One process owns an embedded (PGlite) data folder. With a server running on a
 * folder, `npm run import` and a second server on the same DATA_DIR refuse at once, naming the
 * running server (pid, URL), and change nothing; a lock left by a killed server is taken over.
 * Before the fix the import exited 0 ("20 inserted") into pages the server never saw, and part
 * of it was gone after a restart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_ROOT } from '../../src/config.ts';
import { lockFileOf } from '../../src/db/folder-lock.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { TEST_HASH_ROUNDS } from '../helpers.ts';
import { snapshot } from '../security/snapshot.ts';
import { type ServerProcess, signIn, spawnNode, startServer } from './server-process.ts';

const IMPORT = join(SERVER_ROOT, 'src', 'commands', 'import.ts');

const policyCount = async (url: string, auth: { authorization: string }) => {
  const response = await fetch(`${url}/api/police?size=1`, { headers: auth });
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-total-count'));
};

describe('one process per embedded data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-lock-'));
  const pgliteDir = join(dataDir, 'pglite');
  const csv = join(dataDir, 'police.csv');
  const servers: ServerProcess[] = [];
  let before: Record<string, string>;
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };

  beforeAll(async () => {
    const template = inject('pgliteTemplate');
    const db = await openPglite(
      pgliteDir,
      template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
    );
    try {
      await migrate(db);
      await seedDemoAccounts(db, TEST_HASH_ROUNDS);
      before = await snapshot(db);
    } finally {
      await db.close();
    }
    const lines = ['idPolice;codeCourtierPortail;codeCourtierGrossistePortail;police;gamme;statut'];
    for (let i = 0; i < 20; i++) lines.push(`${8_000_000 + i};C0001;G0001;L${i};Santé Plus;En cours`);
    writeFileSync(csv, `${lines.join('\n')}\n`);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an import, a migration and a second server refuse at once, naming the running server; nothing changes', async () => {
    const server = await startServer(env);
    servers.push(server);
    const admin = await signIn(server.url, 'admin');
    const count = await policyCount(server.url, admin);
    const pid = String(server.child.pid);
    const port = new URL(server.url).port;

    const started = Date.now();
    const importing = spawnNode(IMPORT, ['--kind', 'police', csv], env);
    expect(await importing.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(importing.lines.join('\n')).not.toMatch(/inserted/);
    expect(importing.stderr()).toContain(`in use by the server (pid ${pid}, http://localhost:${port}`);
    expect(importing.stderr()).toContain('/api/admin/import');

    const migrating = spawnNode(join(SERVER_ROOT, 'src', 'commands', 'migrate.ts'), [], env);
    expect(await migrating.exited).toBe(1);
    expect(migrating.stderr()).toContain(`in use by the server (pid ${pid}`);
    expect(migrating.stderr()).not.toMatch(/\n\s+at /);

    const second = spawnNode(join(SERVER_ROOT, 'src', 'main.ts'), [], {
      ...env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`in use by the server (pid ${pid}, http://localhost:${port}`);
    expect(second.lines.join('\n')).not.toContain('listening');

    // The running server is untouched and still the only writer.
    expect(await policyCount(server.url, admin)).toBe(count);
    await server.stop();
    expect(await server.exited).toBe(0);
    const db = await openPglite(pgliteDir);
    try {
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('a lock left by a killed server is taken over; the import then runs', async () => {
    const killed = await startServer(env);
    servers.push(killed);
    await killed.kill();
    expect(JSON.parse(readFileSync(lockFileOf(pgliteDir), 'utf8'))).toMatchObject({ pid: killed.child.pid });

    const importing = spawnNode(IMPORT, ['--kind', 'police', csv], env);
    expect(await importing.exited).toBe(0);
    expect(importing.lines.join('\n')).toMatch(/20 inserted/);

    const server = await startServer(env);
    servers.push(server);
    expect(JSON.parse(readFileSync(lockFileOf(pgliteDir), 'utf8'))).toMatchObject({
      pid: server.child.pid,
      command: 'server',
      url: `http://localhost:${new URL(server.url).port}`,
    });
    const admin = await signIn(server.url, 'admin');
    const response = await fetch(`${server.url}/api/police/8000019`, { headers: admin });
    expect(response.status).toBe(200);
  }, 180_000);
});
