/**
 * The interactive paths in a real terminal: `script` gives the bin a pseudo-terminal, so Ink
 * reads raw keys and styles its output, as for a user at a shell.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain, runBin, type TerminalStep } from './runBin.ts';
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
const inTerminal = async (args: string[], env: Record<string, string>, steps: TerminalStep[] = []) => {
  const { code, stdout } = await runBin(args, { env, terminal: { steps } });
  return { code, screen: stdout };
};

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
    expect(Object.keys(JSON.parse(readFileSync(join(configDir, 'token.json'), 'utf8')).sessions)).toEqual([
      server.url,
    ]);

    const whoami = await inTerminal(['whoami'], env);
    expect(whoami.code).toBe(0);
    expect(whoami.screen).toMatch(/Broker code\s+C0001/);

    const list = await inTerminal(['statements', 'list', '--size', '3'], env);
    expect(list.screen).toContain('\u001b[1mStatement'); // the header in bold
    expect(list.screen).toContain('Page 1/');

    // A terminal gets a table that fits COLUMNS, however long the values.
    const narrow = await inTerminal(['policies', 'list', '--size', '5'], { ...env, COLUMNS: '60' });
    const narrowLines = plain(narrow.screen)
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '' && !l.startsWith('Page '));
    expect(narrowLines[0]).toMatch(/^Pol/);
    for (const line of narrowLines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(narrow.screen).toContain('…');

    // NO_COLOR and --no-color: no bold, no dim.
    for (const run of [
      await inTerminal(['statements', 'list', '--size', '3'], { ...env, NO_COLOR: '1' }),
      await inTerminal(['--no-color', 'statements', 'list', '--size', '3'], env),
    ]) {
      expect(run.code).toBe(0);
      expect(run.screen).toContain('Statement');
      expect(run.screen).not.toContain('\u001b[1m');
      expect(run.screen).not.toContain('\u001b[2m');
    }

    const out = mkdtempSync(join(tmpdir(), 'extranet-cli-tty-out-'));
    // A real statement of the demo set (its months follow today's date).
    const session = await sessionFor(server.url, 'courtier');
    const rows = (await (await apiGet(server.url, session, 'api/commissions?size=50')).json()) as {
      idBordereau: number;
      typeBordereau: string;
      nb: number;
    }[];
    const id = rows.find((r) => r.typeBordereau !== 'Prévisionnel')!.idBordereau;
    const exported = await inTerminal(['statements', 'export', String(id), '--out', join(out, 'm.csv')], env);
    expect(exported.code).toBe(0);
    expect(exported.screen).toMatch(/m\.csv .*█+.* 100 % (\d+)\/\1 lines/);
    // The bar counts movements, not the header: it ends on the statement's own line count.
    const { nb } = rows.find((r) => r.idBordereau === id)!;
    expect(exported.screen).toContain(`${nb}/${nb} lines`);

    // Refused (no ROLE_COMPTA): no bar at 0 % before the error, exit 3.
    const refused = await inTerminal(['statements', 'export', String(id), '--out', join(out, 'r.csv')], {
      ...env,
      EXTRANET_CONFIG_DIR: (await sessionFor(server.url, 'portefeuille')).configDir,
    });
    expect(refused.code).toBe(3);
    expect(refused.screen).not.toContain('0 %');
    expect(plain(refused.screen)).toContain('Access denied');
  }, 180_000);

  it('Esc or Ctrl-C at the sign-in prompt exits 130 and keeps no token', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'extranet-cli-tty-'));
    const env = { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: configDir };
    const esc = await inTerminal(['login'], env, [{ when: 'Login:', type: 'adm\u001b' }]);
    expect(esc.code).toBe(130);
    expect(plain(esc.screen)).toContain('Sign-in cancelled.');
    const ctrlC = await inTerminal(['login'], { ...env, NO_COLOR: '1' }, [
      { when: 'Login:', type: '\u0003' },
    ]);
    expect(ctrlC.code).toBe(130);
    // NO_COLOR: the prompt has no bold title, dim hint nor inverse cursor.
    for (const code of ['\u001b[1m', '\u001b[2m', '\u001b[7m']) expect(ctrlC.screen).not.toContain(code);
    expect(esc.screen).toContain('\u001b[1m'); // while the default prompt has them
    expect(existsSync(join(configDir, 'token.json'))).toBe(false);
  }, 60_000);
});
