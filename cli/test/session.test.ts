import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';

let server: TestServer;
let configDir: string;
const env = () => ({ EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: configDir });
const login = (user: string, password = user, extra: Record<string, string> = {}) =>
  runBin(['login', '--username', user, '--password-stdin'], {
    env: { ...env(), ...extra },
    input: `${password}\n`,
  });

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  configDir = mkdtempSync(join(tmpdir(), 'extranet-cli-config-'));
});

describe('login, whoami, logout through the real bin and server', () => {
  it('signs in from a script, keeps the token 0600, shows the account, signs out', async () => {
    const signedIn = await login('courtier');
    expect(signedIn.code).toBe(0);
    expect(signedIn.stdout).toBe(''); // a confirmation is status: stderr
    expect(signedIn.stderr).toBe(`Signed in as courtier on ${server.url}.\n`);

    const tokenFile = join(configDir, 'token.json');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(tokenFile, 'utf8')).sessions[server.url];
    expect(saved).toMatchObject({ remember: false });
    expect(saved.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A pipe gets field/value rows, tab-separated, without colours.
    const whoami = await runBin(['whoami'], { env: env() });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toMatch(/^field\tvalue\nlogin\tcourtier\n/);
    expect(whoami.stdout).toMatch(/^codeCourtier\tC0001$/m);
    expect(whoami.stdout).toMatch(/^marque\tUCR$/m);
    expect(whoami.stdout).not.toContain('\u001b[');
    const table = await runBin(['whoami', '--output', 'table'], { env: env() });
    expect(table.stdout).toMatch(/^Broker code\s+C0001$/m);

    const json = await runBin(['whoami', '--json'], { env: env() });
    const body = JSON.parse(json.stdout);
    expect(body.server).toBe(server.url);
    expect(body.account).toMatchObject({ login: 'courtier', codeCourtier: 'C0001', marque: 'UCR' });
    expect(body.account.authorities).toEqual(
      expect.arrayContaining(['ROLE_USER', 'ROLE_COMPTA', 'ROLE_EXPORT']),
    );

    const logout = await runBin(['logout'], { env: env() });
    expect(logout).toMatchObject({ code: 0, stdout: '', stderr: 'Signed out.\n' });
    expect(() => statSync(tokenFile)).toThrow();

    const after = await runBin(['whoami'], { env: env() });
    expect(after.code).toBe(3);
    expect(after.stdout).toBe('');
    expect(after.stderr).toBe(`extranet: Not signed in to ${server.url}: run "extranet login".\n`);
  });

  it('--remember and --json on login; --server wins over EXTRANET_URL', async () => {
    const result = await runBin(
      ['login', '--server', server.url, '-u', 'admin', '--password-stdin', '--remember', '--json'],
      { env: { EXTRANET_URL: 'http://127.0.0.1:1/', EXTRANET_CONFIG_DIR: configDir }, input: 'admin' },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ server: server.url, account: { login: 'admin' } });
    const { sessions } = JSON.parse(readFileSync(join(configDir, 'token.json'), 'utf8'));
    expect(Object.keys(sessions)).toEqual([server.url]); // not the EXTRANET_URL it overrode
    expect(sessions[server.url].remember).toBe(true);
  });

  it('a wrong password exits 3 with the sign-in failure and keeps no token', async () => {
    const result = await login('courtier', 'wrong');
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('extranet: Failed to sign in! Please check your credentials and try again.\n');
    expect(() => statSync(join(configDir, 'token.json'))).toThrow();
  });

  it('speaks French by default', async () => {
    const result = await login('courtier', 'courtier', { EXTRANET_LANG: '', LANG: 'C.UTF-8' });
    expect(result.stderr).toBe(`Connecté en tant que courtier sur ${server.url}.\n`);
  });

  it('a token kept for another server is neither sent nor shown', async () => {
    await login('courtier');
    const other = await runBin(['whoami', '--server', 'http://127.0.0.1:9/'], { env: env() });
    expect(other.code).toBe(3);
    expect(other.stderr).toContain('Not signed in to http://127.0.0.1:9/');
  });

  it('a token the server refuses exits 3 and says to sign in again', async () => {
    writeFileSync(
      join(configDir, 'token.json'),
      JSON.stringify({ server: server.url, token: 'a.b.c', remember: false }),
      { mode: 0o600 },
    );
    const result = await runBin(['whoami'], { env: env() });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `extranet: Session expired or refused by ${server.url}: run "extranet login".\n`,
    );
  });
});

describe('bad input', () => {
  it('no login and no terminal: usage error 2', async () => {
    const result = await runBin(['login'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use --username with --password-stdin');
  });

  it('an empty password on stdin: usage error 2', async () => {
    const result = await login('courtier', '');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('extranet: Empty password on standard input.\n');
  });

  it('an unknown option or command: one line, exit 2', async () => {
    const option = await runBin(['whoami', '--bogus'], { env: env() });
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(`extranet: unknown option '--bogus' (see "extranet --help")\n`);
    const command = await runBin(['whoamy'], { env: env() });
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/unknown command 'whoamy'/);
    expect(command.stderr).toMatch(/whoami/);
  });

  it('a bad server URL: exit 2', async () => {
    const result = await runBin(['whoami', '--server', 'ftp://x'], { env: env() });
    expect(result).toMatchObject({ code: 2, stderr: 'extranet: Invalid server URL: ftp://x\n' });
  });

  it('a server that does not answer: exit 1, one line, no stack', async () => {
    const closed = await freePort();
    const result = await login('courtier', 'courtier', { EXTRANET_URL: `http://127.0.0.1:${closed}/` });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `extranet: Server not reachable (http://127.0.0.1:${closed}/): check --server or EXTRANET_URL.\n`,
    );
  });

  it('a server that accepts but never answers: exit 1 after EXTRANET_TIMEOUT', async () => {
    const silent = createServer(() => {}); // accepts connections, never replies
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const result = await login('courtier', 'courtier', {
        EXTRANET_URL: `http://127.0.0.1:${port}/`,
        EXTRANET_TIMEOUT: '500',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Server not reachable');
    } finally {
      silent.close();
    }
  });
});

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
};
