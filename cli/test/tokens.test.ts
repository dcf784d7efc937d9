import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
});
afterAll(async () => {
  await server?.close();
});

type Listed = Array<{ id: number; name: string; scope: string; prefix: string; lastUsedAt: string | null }>;

/** `extranet tokens create|list|revoke` and `EXTRANET_TOKEN` through the real bin and server. */
describe('personal access tokens from the CLI', () => {
  it('creates a token printed alone on stdout, which scripts use through EXTRANET_TOKEN; lists and revokes it', async () => {
    const created = await runBin(
      ['tokens', 'create', '--name', 'nightly', '--scope', 'read+export', '--expires', '30'],
      {
        env: courtier.env,
      },
    );
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(created.stdout).toMatch(/^ext_pat_[A-Za-z0-9_-]{43}\n$/);
    expect(created.stderr).toMatch(
      /^Token “nightly” created, valid until .+\. Copy it now: it will not be shown again\.\n$/,
    );

    const whoami = await runBin(['whoami', '--json'], {
      env: { EXTRANET_URL: server.url, EXTRANET_TOKEN: token },
    });
    // whoami reads /api/account, closed to tokens: refused, exit 3.
    expect(whoami.code, whoami.stderr).toBe(3);
    const policies = await runBin(['policies', 'list', '--json'], {
      env: { EXTRANET_URL: server.url, EXTRANET_TOKEN: token },
    });
    expect(policies.code, policies.stderr).toBe(0);

    const listed = JSON.parse((await runBin(['tokens', '--json'], { env: courtier.env })).stdout) as Listed;
    const mine = listed.find((t) => t.name === 'nightly')!;
    expect(mine).toMatchObject({ scope: 'read+export', prefix: token.slice(0, 12) });
    expect(mine.lastUsedAt).not.toBeNull();
    const tsv = await runBin(['tokens'], { env: courtier.env });
    const [header, line] = tsv.stdout.trim().split('\n');
    expect(header).toBe('id\tname\tscope\tprefix\texpires\tlastUsed');
    expect(line!.split('\t').slice(0, 4)).toEqual([
      String(mine.id),
      'nightly',
      'read+export',
      token.slice(0, 12),
    ]);
    const fr = await runBin(['tokens', '--output', 'table'], {
      env: { ...courtier.env, EXTRANET_LANG: 'fr' },
    });
    expect(fr.stdout).toMatch(/^Id\s+Nom\s+Portée\s+Début\s+Expire le\s+Dernière utilisation/);
    expect(fr.stdout).toContain('lecture et exports');

    // A token does not manage tokens.
    const fromToken = await runBin(['tokens'], { env: { EXTRANET_URL: server.url, EXTRANET_TOKEN: token } });
    expect(fromToken).toMatchObject({ code: 3 });
    expect(fromToken.stderr).toContain('A token does not manage tokens');

    const revoked = await runBin(['tokens', 'revoke', String(mine.id)], { env: courtier.env });
    expect(revoked).toMatchObject({ code: 0, stderr: `Token ${mine.id} revoked.\n` });
    const after = await runBin(['policies', 'list'], {
      env: { EXTRANET_URL: server.url, EXTRANET_TOKEN: token },
    });
    expect(after.code).toBe(3);
    const again = await runBin(['tokens', 'revoke', String(mine.id)], { env: courtier.env });
    expect(again).toMatchObject({
      code: 1,
      stderr: `extranet: Token ${mine.id} not found: already revoked, or not yours.\n`,
    });
  });

  it('refuses bad options before any request', async () => {
    for (const [args, text] of [
      [['tokens', 'create'], 'Give the token a name with --name.'],
      [['tokens', 'create', '--name', 'x', '--scope', 'write'], 'Invalid scope "write": read or read+export'],
      [
        ['tokens', 'create', '--name', 'x', '--expires', '366'],
        'Invalid validity "366": a number of days from 1 to 365',
      ],
      [['tokens', 'revoke', 'abc'], 'Invalid token number "abc"'],
    ] as const) {
      const result = await runBin(args, { env: courtier.env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(text);
    }
    const listed = JSON.parse((await runBin(['tokens', '--json'], { env: courtier.env })).stdout) as Listed;
    expect(listed.filter((t) => t.name === 'x')).toEqual([]);
  });
});
