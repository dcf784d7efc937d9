/**
 * The CLI's conventions (docs/cli.md) through the real bin and a real server, as a script meets them:
 * a token from the environment, named servers, the token file's mode, --debug without secrets,
 * validated environment values, the Node version check, shell completion, --force.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
});
afterAll(async () => {
  await server?.close();
});

const emptyDir = () => mkdtempSync(join(tmpdir(), 'extranet-cli-conv-'));

describe('conventions a script relies on', () => {
  it('EXTRANET_TOKEN signs a CI job in without any file; logout leaves it alone', async () => {
    const dir = emptyDir();
    const env = { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: dir, EXTRANET_TOKEN: courtier.token };
    const whoami = await runBin(['whoami'], { env });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toMatch(/^login\tcourtier$/m);
    const logout = await runBin(['logout'], { env });
    expect(logout).toMatchObject({
      code: 0,
      stderr: 'The token comes from EXTRANET_TOKEN: unset it to sign out.\n',
    });
    expect(readdirSync(dir)).toEqual([]); // nothing written
    const bad = await runBin(['whoami'], { env: { ...env, EXTRANET_TOKEN: 'not a token' } });
    expect(bad.code).toBe(2);
  });

  it('named servers: add, use, then every command goes there; an unknown name exits 2', async () => {
    const dir = emptyDir();
    writeFileSync(
      join(dir, 'token.json'),
      JSON.stringify({ sessions: { [server.url]: { token: courtier.token, remember: false, savedAt: '' } } }),
      { mode: 0o600 },
    );
    const env = { EXTRANET_CONFIG_DIR: dir };
    expect((await runBin(['context', 'add', 'demo', server.url, '--use'], { env })).code).toBe(0);
    expect((await runBin(['context', 'add', 'other', 'http://127.0.0.1:9/'], { env })).code).toBe(0);
    const whoami = await runBin(['whoami', '--json'], { env });
    expect(JSON.parse(whoami.stdout)).toMatchObject({ server: server.url, context: 'demo' });
    const list = await runBin(['context', 'list'], { env });
    expect(list.stdout).toBe(
      `current\tname\tserver\tsignedIn\ntrue\tdemo\t${server.url}\ttrue\nfalse\tother\thttp://127.0.0.1:9/\tfalse\n`,
    );
    const other = await runBin(['--context', 'other', 'whoami'], { env });
    expect(other.code).toBe(3); // no session kept for that server
    const unknown = await runBin(['--context', 'nope', 'whoami'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown context "nope" (known: demo, other)');
  });

  it('a token file others can read is repaired to 0600, with a warning', async () => {
    const file = join(courtier.configDir, 'token.json');
    chmodSync(file, 0o644);
    const result = await runBin(['whoami'], { env: courtier.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `extranet: warning: ${file} could be read by others (mode 644); its mode is now 600.\n`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('--debug and EXTRANET_DEBUG show each call, never the password nor the token', async () => {
    const dir = emptyDir();
    const login = await runBin(['--debug', 'login', '-u', 'courtier', '--password-stdin'], {
      env: { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: dir },
      input: 'courtier',
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(/^> POST http:\/\/127\.0\.0\.1:\d+\/api\/authenticate$/m);
    expect(login.stderr).toMatch(/^> \(body: \d+ bytes, not shown\)$/m);
    expect(login.stderr).toMatch(/^< 200 OK in \d/m);
    expect(login.stderr).not.toContain('"password"');
    const list = await runBin(['statements', 'list', '--size', '1'], {
      env: { ...courtier.env, EXTRANET_DEBUG: '1' },
    });
    expect(list.stderr).toMatch(/^> GET .*api\/commissions\?page=0&size=1/m);
    expect(list.stderr).toMatch(/^> authorization: Bearer \*\*\*$/m);
    expect(list.stderr).toMatch(/^< x-total-count: \d+$/m);
    expect(list.stderr).not.toContain(courtier.token);
    expect(list.stdout.split('\n')[0]).toBe(
      'idBordereau\tmois\ttypeBordereau\tcompte\tnb\tmontant\tdatePaiement\tpdf',
    );
  });

  it('environment values are validated before anything runs', async () => {
    const timeout = await runBin(['whoami'], { env: { ...courtier.env, EXTRANET_TIMEOUT: 'abc' } });
    expect(timeout).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'extranet: Invalid EXTRANET_TIMEOUT "abc": a number of milliseconds from 1 to 86400000, e.g. 30000\n',
    });
    const debug = await runBin(['whoami'], { env: { ...courtier.env, EXTRANET_DEBUG: 'maybe' } });
    expect(debug.code).toBe(2);
  });

  it('statements pdf: an existing file is kept (exit 2) unless --force', async () => {
    const rows = (await (await apiGet(server.url, courtier, 'api/commissions?size=50')).json()) as {
      idBordereau: number;
      fichierBordereau: string | null;
    }[];
    const id = rows.find((r) => r.fichierBordereau)!.idBordereau;
    const cwd = emptyDir();
    const out = join(cwd, 'b.pdf');
    writeFileSync(out, 'mine');
    const refused = await runBin(['statements', 'pdf', String(id), '--out', out], { env: courtier.env, cwd });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already exists: use --force');
    expect(statSync(out).size).toBe(4);
    const forced = await runBin(['statements', 'pdf', String(id), '--out', out, '--force'], {
      env: courtier.env,
      cwd,
    });
    expect(forced.code).toBe(0);
    expect(statSync(out).size).toBeGreaterThan(4);
  });

  it('shell completion from the bin: bash completes commands and options', () => {
    const result = spawnSync(
      'bash',
      [
        '-c',
        `source <("${process.execPath}" "${BIN}" completion bash); COMP_WORDS=(extranet statements export --f); COMP_CWORD=3; _extranet; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } },
    );
    expect(result.stdout.trim()).toBe('--force');
  });

  it.skipIf(!existsSync('/usr/bin/node'))(
    'an older Node gets a clear message and exit 1, not a stack trace',
    () => {
      const version = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], {
        encoding: 'utf8',
      }).stdout.trim();
      const [major = 0, minor = 0] = version.split('.').map(Number);
      if (major > 22 || (major === 22 && minor >= 18)) return; // this machine's system Node is recent enough
      const result = spawnSync('/usr/bin/node', [BIN, 'whoami'], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `extranet: needs Node.js 22.18 or later; this is Node.js ${version} (/usr/bin/node).\n` +
          "  From the repository, run it with the project's Node: npx extranet …  (or npm exec extranet -- …)\n",
      );
    },
  );
});

describe('interruption', () => {
  it('Ctrl-C (SIGINT) while waiting for the server exits 130', async () => {
    const { createServer } = await import('node:net');
    const { spawn } = await import('node:child_process');
    const silent = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const child = spawn(process.execPath, [BIN, 'whoami'], {
        env: {
          PATH: process.env.PATH,
          EXTRANET_URL: `http://127.0.0.1:${port}/`,
          EXTRANET_TOKEN: courtier.token,
          EXTRANET_CONFIG_DIR: emptyDir(),
        },
        stdio: 'ignore',
      });
      // Once the request is out (the server saw a connection), interrupt.
      await new Promise<void>((resolve) => silent.once('connection', () => resolve()));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(code).toBe(130);
    } finally {
      silent.close();
    }
  });
});
