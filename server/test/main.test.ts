import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { start } from '../src/main.ts';
import { databaseKinds, openTestDb, TEST_JWT_SECRET } from './helpers.ts';

async function signIn(url: string, login: string) {
  const response = await fetch(`${url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: login }),
  });
  return response.status;
}

const baseEnv = (dataDir: string) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: TEST_JWT_SECRET,
});

describe('start()', () => {
  it('on a fresh embedded database: migrates, loads the demo accounts, prints them, and does it once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'extranet-main-'));
    const lines: string[] = [];
    const first = await start({ env: baseEnv(dataDir), handleSignals: false, print: (l) => lines.push(l) });
    try {
      expect(first.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(lines.join('\n')).toContain(first.url);
      expect(lines.join('\n')).toContain('Demo accounts (password = login)');
      expect(lines.join('\n')).toContain('grossiste');
      expect(await signIn(first.url, 'courtier')).toBe(200);
    } finally {
      await first.close();
    }
    const again: string[] = [];
    const second = await start({ env: baseEnv(dataDir), handleSignals: false, print: (l) => again.push(l) });
    try {
      expect(again.join('\n')).not.toContain('Demo accounts');
      expect(await signIn(second.url, 'courtier')).toBe(200);
    } finally {
      await second.close();
    }
  }, 120_000);

  const postgres = databaseKinds().find((k) => k.kind === 'postgres')!;
  (postgres.skip ? it.skip : it)(
    'on PostgreSQL without JWT_SECRET: every server of the database signs with one secret stored in it',
    async () => {
      const target = await openTestDb('postgres');
      await target.db.close();
      const { JWT_SECRET: _secret, ...env } = baseEnv(mkdtempSync(join(tmpdir(), 'extranet-main-')));
      const quiet = { handleSignals: false, print: () => undefined };
      const one = await start({ env: { ...env, DATABASE_URL: target.url!, SEED_DEMO: 'true' }, ...quiet });
      const two = await start({ env: { ...env, DATABASE_URL: target.url! }, ...quiet });
      try {
        const response = await fetch(`${one.url}/api/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'courtier', password: 'courtier' }),
        });
        const { id_token: token } = (await response.json()) as { id_token: string };
        const account = await fetch(`${two.url}/api/account`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(account.status).toBe(200);
        const secrets = await one.db.query<{ value: string }>(
          "SELECT value FROM server_secret WHERE name = 'jwt'",
        );
        expect(secrets).toHaveLength(1);
        expect(secrets[0]!.value.length).toBeGreaterThanOrEqual(64);
        // A token signed with another secret (a server with its own) is refused.
        const forged = `${token.split('.').slice(0, 2).join('.')}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
        const refused = await fetch(`${two.url}/api/account`, {
          headers: { authorization: `Bearer ${forged}` },
        });
        expect(refused.status).toBe(401);
      } finally {
        await one.close();
        await two.close();
        await target.dispose().catch(() => undefined);
      }
    },
    120_000,
  );

  (postgres.skip ? it.skip : it)(
    'on PostgreSQL: loads no demo account unless SEED_DEMO=true',
    async () => {
      const target = await openTestDb('postgres');
      await target.db.close();
      const env = { ...baseEnv(mkdtempSync(join(tmpdir(), 'extranet-main-'))), DATABASE_URL: target.url! };
      try {
        const plain = await start({ env, handleSignals: false, print: () => undefined });
        try {
          expect(await signIn(plain.url, 'courtier')).toBe(401);
        } finally {
          await plain.close();
        }
        const seeded = await start({
          env: { ...env, SEED_DEMO: 'true' },
          handleSignals: false,
          print: () => undefined,
        });
        try {
          expect(await signIn(seeded.url, 'courtier')).toBe(200);
        } finally {
          await seeded.close();
        }
      } finally {
        await target.dispose().catch(() => undefined);
      }
    },
    60_000,
  );
});
