import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';

let server: TestServer;
const newConfig = () => mkdtempSync(join(tmpdir(), 'extranet-cli-config-'));
const envOf = (configDir: string, lang = 'en') => ({
  EXTRANET_URL: server.url,
  EXTRANET_CONFIG_DIR: configDir,
  EXTRANET_LANG: lang,
});
const login = (configDir: string, user: string) =>
  runBin(['login', '--username', user, '--password-stdin'], { env: envOf(configDir), input: `${user}\n` });
const tokenIn = (configDir: string) =>
  JSON.parse(readFileSync(join(configDir, 'token.json'), 'utf8')).sessions[server.url].token as string;
const accountStatus = async (token: string) =>
  (await fetch(new URL('api/account', server.url), { headers: { authorization: `Bearer ${token}` } })).status;

type Listed = Array<{ id: number; current: boolean; device: string; startedAt: string }>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** `extranet sessions`, `sessions end`, `users sessions` and `logout` through the real bin and server. */
describe('sessions from the CLI', () => {
  it('lists the sessions (table in each language, TSV raw), ends one and all the others', async () => {
    const [a, b, c] = [newConfig(), newConfig(), newConfig()];
    for (const dir of [a, b, c]) expect((await login(dir, 'portefeuille')).code).toBe(0);
    const json = JSON.parse((await runBin(['sessions', '--json'], { env: envOf(a) })).stdout) as Listed;
    expect(json.length).toBeGreaterThanOrEqual(3);
    expect(json.filter((s) => s.current)).toHaveLength(1);

    const tsv = await runBin(['sessions'], { env: envOf(a) });
    expect(tsv.code).toBe(0);
    const [header, ...lines] = tsv.stdout.trim().split('\n');
    expect(header).toBe('id\tdevice\taddress\tstarted\tlastUsed\tcurrent');
    // The one in use first; raw values for scripts: ISO instants, true/false.
    expect(lines[0]).toMatch(/\ttrue$/);
    expect(lines[0]!.split('\t')[3]).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const fr = await runBin(['sessions', '--output', 'table'], { env: envOf(a, 'fr') });
    expect(fr.stdout).toMatch(/^Id\s+Appareil\s+Adresse\s+Ouverte le\s+Dernière activité\s+Celle-ci/);
    expect(fr.stdout).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}.*cette session/);
    const en = await runBin(['sessions', '--output', 'table'], { env: envOf(a) });
    expect(en.stdout).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}.*this session/);

    const bId = JSON.parse((await runBin(['sessions', '--json'], { env: envOf(b) })).stdout).find(
      (s: Listed[number]) => s.current,
    ).id as number;
    const ended = await runBin(['sessions', 'end', String(bId)], { env: envOf(a) });
    expect(ended).toMatchObject({ code: 0, stderr: `Session ${bId} signed out.\n` });
    expect((await runBin(['whoami'], { env: envOf(b) })).code).toBe(3);
    const again = await runBin(['sessions', 'end', String(bId)], { env: envOf(a) });
    expect(again).toMatchObject({
      code: 1,
      stderr: `extranet: Session ${bId} not found: already ended, or not yours.\n`,
    });

    const cToken = tokenIn(c);
    const others = await runBin(['sessions', 'end', '--all-others'], { env: envOf(a) });
    expect(others).toMatchObject({ code: 0, stderr: 'All other sessions are signed out.\n' });
    expect(await accountStatus(cToken)).toBe(401);
    expect((await runBin(['whoami'], { env: envOf(a) })).code).toBe(0);
  });

  it('refuses bad arguments without asking the server', async () => {
    const dir = newConfig();
    await login(dir, 'courtier');
    for (const args of [
      ['sessions', 'end'],
      ['sessions', 'end', '1', '--all-others'],
      ['sessions', 'end', 'abc'],
    ]) {
      const result = await runBin(args, { env: envOf(dir) });
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect((await runBin(['sessions', 'end'], { env: envOf(dir, 'fr') })).stderr).toContain(
      'Donnez un numéro de session ou --all-others',
    );
  });

  it("another user's session is not found; users sessions is for administrators", async () => {
    const mine = newConfig();
    const theirs = newConfig();
    await login(mine, 'courtier');
    await login(theirs, 'compta');
    const theirId = (
      JSON.parse((await runBin(['sessions', '--json'], { env: envOf(theirs) })).stdout) as Listed
    ).find((s) => s.current)!.id;
    expect((await runBin(['sessions', 'end', String(theirId)], { env: envOf(mine) })).code).toBe(1);
    expect((await runBin(['whoami'], { env: envOf(theirs) })).code).toBe(0);
    const refused = await runBin(['users', 'sessions', 'compta'], { env: envOf(mine) });
    expect(refused.code).toBe(3);

    const admin = newConfig();
    await login(admin, 'admin');
    const listed = await runBin(['users', 'sessions', 'compta', '--json'], { env: envOf(admin) });
    expect((JSON.parse(listed.stdout) as Listed).map((s) => s.id)).toContain(theirId);
    const end = await runBin(['users', 'sessions', 'compta', '--end'], { env: envOf(admin) });
    expect(end).toMatchObject({ code: 0, stderr: 'All sessions of compta are signed out.\n' });
    expect((await runBin(['whoami'], { env: envOf(theirs) })).code).toBe(3);
    expect((await runBin(['users', 'sessions', 'nobody'], { env: envOf(admin) })).stderr).toBe(
      'extranet: User nobody not found.\n',
    );
  });

  it('logout ends the server session: a copy of the token is refused afterwards', async () => {
    const dir = newConfig();
    await login(dir, 'user');
    const token = tokenIn(dir);
    expect(await accountStatus(token)).toBe(200);
    const logout = await runBin(['logout'], { env: envOf(dir) });
    expect(logout).toMatchObject({ code: 0, stderr: 'Signed out.\n' });
    expect(await accountStatus(token)).toBe(401);
  });
});
