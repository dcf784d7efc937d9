import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../server/src/identity/totp.ts';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';

let server: TestServer;
let configDir: string;
const env = () => ({ EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: configDir, EXTRANET_LANG: 'en' });
const login = (user: string, extra: string[] = []) =>
  runBin(['login', '--username', user, '--password-stdin', ...extra], { env: env(), input: `${user}\n` });

const api = async (path: string, init: RequestInit & { token?: string } = {}) => {
  const { token, ...rest } = init;
  const response = await fetch(new URL(path, server.url), {
    ...rest,
    headers: {
      ...(rest.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, string>,
  };
};
const tokenOf = async (user: string) =>
  (
    await api('api/authenticate', {
      method: 'POST',
      body: JSON.stringify({ username: user, password: user }),
    })
  ).body.id_token as string;

beforeAll(async () => {
  server = await startServer();
  configDir = mkdtempSync(join(tmpdir(), 'extranet-cli-config-'));
});
afterAll(async () => {
  await server?.close();
});

/** `extranet login` of a user with a second factor, through the real bin and server. */
describe('login with a second factor', () => {
  let secret = '';
  beforeAll(async () => {
    const token = await tokenOf('compta');
    const started = await api('api/account/two-factor/enrolment', { method: 'POST', token });
    secret = started.body.secret ?? '';
    const confirmed = await api('api/account/two-factor', {
      method: 'POST',
      token,
      body: JSON.stringify({ enrolmentToken: started.body.enrolmentToken, code: codeAt(secret, Date.now()) }),
    });
    expect(confirmed.status).toBe(200);
  });

  it('from a script without --code: usage error 2 saying how', async () => {
    const result = await login('compta');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give the code with --code');
  });

  it('a wrong --code exits 3 and keeps no token; the right one signs in', async () => {
    const wrong = await login('compta', ['--code', '000000']);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('Code refused.');
    expect((await runBin(['whoami'], { env: env() })).code).toBe(3);
    // The enrolment used this step's code: the next step's is within the tolerance.
    const code = codeAt(secret, Date.now() + 30_000);
    const right = await login('compta', ['--code', code]);
    expect(right).toMatchObject({ code: 0, stderr: `Signed in as compta on ${server.url}.\n` });
    const whoami = await runBin(['whoami'], { env: env() });
    expect(whoami.stdout).toMatch(/^login\tcompta$/m);
    // The same code again: refused.
    const replay = await login('compta', ['--code', code]);
    expect(replay.code).toBe(3);
  });

  it('a role that requires it: a script sees the QR code and key, and a code alone (without the enrolment) is refused', async () => {
    const admin = await tokenOf('admin');
    await api('api/admin/two-factor/roles', {
      method: 'PUT',
      token: admin,
      body: JSON.stringify({ roles: ['ROLE_PORTEFEUILLE'] }),
    });
    // Scripted enrolment: the first run shows the secret; the code comes from it.
    const first = await login('portefeuille');
    expect(first.code).toBe(2);
    const shown = /key to type by hand: ([A-Z2-7]{32})/i.exec(first.stderr)?.[1];
    expect(shown, first.stderr).toBeDefined();
    expect(first.stderr).toContain('▄'); // the QR code, drawn with half blocks
    // A code of that secret alone is not enough: the enrolment token did not travel with it.
    const again = await login('portefeuille', ['--code', codeAt(shown!, Date.now())]);
    expect(again.code).toBe(3);
    await api('api/admin/two-factor/roles', {
      method: 'PUT',
      token: admin,
      body: JSON.stringify({ roles: [] }),
    });
  });
});
