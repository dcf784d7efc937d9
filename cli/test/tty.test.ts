/**
 * The interactive paths in a real terminal: `script` gives the bin a pseudo-terminal, so Ink
 * reads raw keys and styles its output, as for a user at a shell.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, sessionFor } from './session.ts';

const hasScript = existsSync('/usr/bin/script');
let server: TestServer;

beforeAll(async () => {
  if (hasScript) server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Runs the bin under a pseudo-terminal; `steps` wait for a text on screen, then type. */
const inTerminal = (
  args: string[],
  env: Record<string, string>,
  steps: { when: string; type: string }[] = [],
) =>
  new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TERM: 'xterm-256color',
        COLUMNS: '80',
        EXTRANET_LANG: 'en',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    const pending = [...steps];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
      const next = pending[0];
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's escape sequences
      if (next && screen.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').includes(next.when)) {
        pending.shift();
        setTimeout(() => child.stdin.write(next.type), 100);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });

describe.skipIf(!hasScript)('in a terminal', () => {
  it('login prompts with Ink and masks the password; tables are styled; exports show a progress bar', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'extranet-cli-tty-'));
    const env = { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: configDir };
    const login = await inTerminal(['login'], env, [
      { when: 'Login:', type: 'courtier\r' },
      { when: 'Password:', type: 'courtier\r' },
    ]);
    expect(login.code).toBe(0);
    expect(login.screen).toContain(`Sign in to ${server.url}`);
    expect(login.screen).toContain('••••••••');
    expect(login.screen).not.toContain('Password: courtier');
    expect(login.screen).toContain(`Signed in as courtier on ${server.url}.`);
    expect(JSON.parse(readFileSync(join(configDir, 'token.json'), 'utf8')).server).toBe(server.url);

    const whoami = await inTerminal(['whoami'], env);
    expect(whoami.code).toBe(0);
    expect(whoami.screen).toMatch(/Broker code\s+C0001/);

    const list = await inTerminal(['statements', 'list', '--size', '3'], env);
    expect(list.screen).toContain('\u001b[1mStatement'); // the header in bold

    const out = mkdtempSync(join(tmpdir(), 'extranet-cli-tty-out-'));
    // A real statement of the demo set (its months follow today's date).
    const session = await sessionFor(server.url, 'courtier');
    const rows = (await (await apiGet(server.url, session, 'api/commissions?size=50')).json()) as {
      idBordereau: number;
      typeBordereau: string;
    }[];
    const id = rows.find((r) => r.typeBordereau !== 'Prévisionnel')!.idBordereau;
    const exported = await inTerminal(['statements', 'export', String(id), '--out', join(out, 'm.csv')], env);
    expect(exported.code).toBe(0);
    expect(exported.screen).toMatch(/m\.csv .*█+.* 100 % (\d+)\/\1 lines/);
  }, 120_000);
});
