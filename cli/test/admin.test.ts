import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let admin: Session;
let courtier: Session;

beforeAll(async () => {
  server = await startServer();
  [admin, courtier] = await Promise.all([
    sessionFor(server.url, 'admin'),
    sessionFor(server.url, 'courtier'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('users', () => {
  it('list: the API page as a table and as JSON', async () => {
    const json = JSON.parse(
      (await runBin(['users', 'list', '--sort', 'login,asc', '--json'], { env: admin.env })).stdout,
    );
    const api = (await (
      await apiGet(server.url, admin, 'api/users?page=0&size=20&sort=login,asc')
    ).json()) as {
      login: string;
    }[];
    expect(json.items.map((u: { login: string }) => u.login)).toEqual(api.map((u) => u.login));
    const text = await runBin(['users', 'list'], { env: admin.env });
    expect(text.stdout).toMatch(/^login\tname\temail\tactivated\t/);
    expect(text.stdout).toMatch(
      /^courtier\tClaire Courtier\tcourtier@demo\.extranet\.example\ttrue\tC0001\tUCR\tROLE_/m,
    );
  });

  it('deactivate then activate: the server state follows, twice is harmless', async () => {
    const off = await runBin(['users', 'deactivate', 'compta'], { env: admin.env });
    expect(off).toMatchObject({ code: 0, stdout: '', stderr: 'User compta deactivated.\n' });
    expect(
      ((await (await apiGet(server.url, admin, 'api/users/compta')).json()) as { activated: boolean })
        .activated,
    ).toBe(false);
    const again = await runBin(['users', 'deactivate', 'compta', '--json'], { env: admin.env });
    expect(JSON.parse(again.stdout)).toEqual({ login: 'compta', activated: false, changed: false });
    const on = await runBin(['users', 'activate', 'compta'], { env: admin.env });
    expect(on).toMatchObject({ code: 0, stderr: 'User compta activated.\n' });
    expect(
      ((await (await apiGet(server.url, admin, 'api/users/compta')).json()) as { activated: boolean })
        .activated,
    ).toBe(true);
  });

  it('deactivates and activates an account without a brand (the demo user; every self-registered account)', async () => {
    const activated = async () =>
      (
        (await (await apiGet(server.url, admin, 'api/users/user')).json()) as {
          activated: boolean;
          marque: null;
        }
      ).activated;
    expect(
      ((await (await apiGet(server.url, admin, 'api/users/user')).json()) as { marque: unknown }).marque,
    ).toBe(null);
    // Exited 2 before the fix: the server required a brand on every update.
    expect(await runBin(['users', 'deactivate', 'user'], { env: admin.env })).toMatchObject({
      code: 0,
      stderr: 'User user deactivated.\n',
    });
    expect(await activated()).toBe(false);
    expect(await runBin(['users', 'activate', 'user'], { env: admin.env })).toMatchObject({
      code: 0,
      stderr: 'User user activated.\n',
    });
    expect(await activated()).toBe(true);
  });

  it('an unknown login exits 1; a non-admin exits 3', async () => {
    expect(await runBin(['users', 'activate', 'nobody'], { env: admin.env })).toMatchObject({
      code: 1,
      stderr: 'extranet: User nobody not found.\n',
    });
    const refused = await runBin(['users', 'list'], { env: courtier.env });
    expect(refused).toMatchObject({
      code: 3,
      stderr: 'extranet: Access denied: your account lacks the required role.\n',
    });
  });

  it('sync prints created/updated/unchanged; a second run creates nothing', async () => {
    const first = JSON.parse((await runBin(['users', 'sync', '--json'], { env: admin.env })).stdout);
    expect(first).toEqual({
      created: expect.any(Number),
      updated: expect.any(Number),
      unchanged: expect.any(Number),
      rejected: expect.any(Array),
    });
    const second = await runBin(['users', 'sync'], { env: admin.env });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^created\t0$/m);
    expect(second.stdout).toMatch(/^unchanged\t\d+$/m);
    const table = await runBin(['users', 'sync', '--output', 'table'], { env: admin.env });
    expect(table.stdout).toMatch(/^Created\s+0$/m);
  });
});

describe('logs', () => {
  it('set changes the level the server reports; list filters by name; an unknown logger needs --create', async () => {
    const set = await runBin(['logs', 'set', 'extranet.web', 'debug'], { env: admin.env });
    expect(set).toMatchObject({ code: 0, stdout: '', stderr: 'extranet.web: level DEBUG\n' });
    const unknown = await runBin(['logs', 'set', 'nosuch.logger', 'DEBUG'], { env: admin.env });
    expect(unknown).toMatchObject({
      code: 2,
      stderr: 'extranet: Unknown logger "nosuch.logger" (close: —): use --create to add it.\n',
    });
    const names = JSON.parse((await runBin(['logs', 'list', '--json'], { env: admin.env })).stdout).map(
      (l: { name: string }) => l.name,
    );
    expect(names).not.toContain('nosuch.logger');
    const created = await runBin(['logs', 'set', 'nosuch.logger', 'DEBUG', '--create'], { env: admin.env });
    expect(created.code).toBe(0);
    const list = JSON.parse(
      (await runBin(['logs', 'list', '--filter', 'WEB', '--json'], { env: admin.env })).stdout,
    );
    expect(list).toContainEqual({ name: 'extranet.web', level: 'DEBUG' });
    for (const logger of list) expect(logger.name.toLowerCase()).toContain('web');
    const bad = await runBin(['logs', 'set', 'extranet.web', 'LOUD'], { env: admin.env });
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'extranet: Invalid level "LOUD": one of TRACE, DEBUG, INFO, WARN, ERROR, OFF\n',
    });
  });
});

describe('health and metrics', () => {
  it('health: exit 0 when UP, details for an admin, the status alone for anyone', async () => {
    const asAdmin = await runBin(['health'], { env: admin.env });
    expect(asAdmin.code).toBe(0);
    expect(asAdmin.stderr).toBe('Status: UP\n');
    expect(asAdmin.stdout).toMatch(/^name\tstatus\tdetails\n/);
    expect(asAdmin.stdout).toMatch(/^db\tUP\t/m);
    const anonymous = await runBin(['health', '--json'], {
      env: { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: '/nonexistent' },
    });
    expect(anonymous.code).toBe(0);
    expect(JSON.parse(anonymous.stdout)).toEqual({ status: 'UP', items: [] });
  });

  it('health: exit 1 when the server says DOWN (503 with its body)', async () => {
    const down: Server = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'DOWN', db: { status: 'DOWN', error: 'connection refused' } }));
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(down.address() as { port: number }).port}/`;
      const result = await runBin(['health'], {
        env: { EXTRANET_URL: url, EXTRANET_CONFIG_DIR: '/nonexistent' },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('Status: DOWN\n');
      expect(result.stdout).toMatch(/^db\tDOWN\tconnection refused$/m);
    } finally {
      down.close();
    }
  });

  it('metrics: a compact summary from the server’s figures', async () => {
    const json = JSON.parse((await runBin(['metrics', '--json'], { env: admin.env })).stdout);
    expect(json.uptimeSeconds).toBeGreaterThan(0);
    expect(json.memory.heapUsed).toBeGreaterThan(0);
    expect(json.http.requests).toBeGreaterThan(0);
    expect(json.http.responses.ok).toBeGreaterThan(0);
    // The server's timers are in seconds: the mean shows in ms, never "0.0 ms".
    expect(json.http.meanMs).toBeGreaterThan(0.01);
    const text = await runBin(['metrics', '--output', 'table'], { env: admin.env });
    expect(text.stdout).toMatch(/^Heap \(used \/ max\)\s+\d+ MB \/ \d+ MB$/m);
    expect(text.stdout).toMatch(/^HTTP requests \(mean, 1-min rate\)\s+\d+ \(\d+(\.\d+)? (µs|ms|s), p99 /m);
    expect(text.stdout).not.toContain('(0.0 ms');
    expect((await runBin(['metrics'], { env: courtier.env })).code).toBe(3);
  });
});
