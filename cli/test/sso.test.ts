import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../server/test/oidc/sso-flow.ts';
import { followSignIn, startTestProvider, type TestProvider } from '../../server/test/oidc/test-provider.ts';
import { BIN, type BinResult, runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * `extranet login --sso` against a real provider (`oidc-provider`): the bin prints the address
 * to open and listens on 127.0.0.1; the test plays the browser (fetch following the redirects,
 * typing the login at the provider's form) until the server sends it to that listener.
 */
let provider: TestProvider;
let server: TestServer;
let configDir: string;

beforeAll(async () => {
  provider = await startTestProvider([
    { sub: 'jdupont', preferred_username: 'courtier' },
    { sub: 'inconnu', preferred_username: 'inconnu' },
  ]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startServer({ ...provider.env, PORT: String(port), BASE_URL: base });
  provider.register(`${base}/api/oidc/callback`);
  configDir = mkdtempSync(join(tmpdir(), 'extranet-cli-sso-'));
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const env = () => ({ EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: configDir, EXTRANET_LANG: 'en' });

/** Runs `login --sso`, plays the browser at the printed address as `login`, returns the bin's end. */
const loginSso = (login: string) =>
  new Promise<BinResult & { delivered: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'login', '--sso'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let delivered = '';
    let started = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const address = /(http:\/\/\S+\/api\/oidc\/authorize\?\S+)/.exec(stderr)?.[1];
      if (address === undefined || started) return;
      started = true;
      (async () => {
        const { final } = await followSignIn(address, provider.issuer, login);
        // The browser's last hop: the CLI's own listener.
        const response = await fetch(final);
        delivered = `${final.origin}${final.pathname} ${response.status} ${await response.text()}`;
      })().catch(reject);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, delivered }));
  });

it('signs in through the provider: the loopback listener gets the code, the token is kept', async () => {
  const result = await loginSso('jdupont');
  expect(result.delivered).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback 200 Sign-in received/);
  expect(result.stderr).toContain('Open this address in your browser');
  expect(result.stderr).toContain(`Signed in as courtier on ${server.url}`);
  expect(result.code).toBe(0);
  const whoami = await runBin(['whoami', '--json'], { env: env() });
  expect(JSON.parse(whoami.stdout)).toMatchObject({ account: { login: 'courtier' } });
});

it('an unknown user is refused with the reason, exit 3, and nothing kept', async () => {
  await runBin(['logout'], { env: env() });
  const result = await loginSso('inconnu');
  expect(result.delivered).toMatch(/ 200 Sign-in refused/);
  expect(result.stderr).toContain('No account matches your identity');
  expect(result.code).toBe(3);
  expect((await runBin(['whoami'], { env: env() })).code).not.toBe(0);
});

it('--sso takes no password', async () => {
  const result = await runBin(['login', '--sso', '--password-stdin'], { env: env() });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('--sso takes no login, password or code');
});
