/**
 * Secrets at rest (a finding of the last attack). Password-reset and activation keys are stored as
 * their SHA-256: the mailed key works, the stored value does not. TOTP secrets are sealed with
 * AES-256-GCM under TOTP_ENCRYPTION_KEY; a start-up step reseals rows in clear (from before) or
 * under a previous key (TOTP_ENCRYPTION_PREVIOUS_KEYS), so a rotation is: start with the new key
 * and the old one as previous, then drop the previous one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { storedKey } from '../../src/accounts/users.ts';
import { buildApp } from '../../src/app.ts';
import { ConfigError, SERVER_ROOT } from '../../src/config.ts';
import { createSecretBox } from '../../src/identity/secret-box.ts';
import { resealTotpSecrets } from '../../src/identity/totp-keys.ts';
import { forEachApp, mailedKey, TEST_HASH_ROUNDS, testConfig } from '../helpers.ts';
import { movableClock, type StartedEnrolment, signIn } from '../identity/two-factor-helpers.ts';

const clock = movableClock();
const OLD = 'old-totp-key-0123456789-0123456789-abcdef';
const NEW = 'new-totp-key-9876543210-9876543210-fedcba';

forEachApp(
  (_kind, ctx) => {
    const db = () => ctx().db;
    const storedSecret = async (login: string) => {
      const [row] = await db().query<{ secret: string }>(
        'SELECT t.secret FROM user_two_factor t JOIN users u ON u.id = t.user_id WHERE u.login = $1',
        [login],
      );
      return row?.secret;
    };
    const appWith = async (env: Record<string, string>) => {
      const app = await buildApp({
        config: testConfig(env),
        db: db(),
        logger: false,
        hashRounds: TEST_HASH_ROUNDS,
        now: clock.now,
      });
      await app.ready();
      return app;
    };

    it('stores reset keys hashed: the mailed key resets the password, the stored value does not', async () => {
      const email = 'user@demo.extranet.example';
      const init = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/reset-password/init',
        headers: { 'content-type': 'text/plain' },
        payload: email,
      });
      expect(init.statusCode).toBe(200);
      const key = mailedKey(ctx().config, email, 'reset/finish')!;
      const [row] = await db().query<{ reset_key: string }>(
        "SELECT reset_key FROM users WHERE login = 'user'",
      );
      expect(row!.reset_key).not.toContain(key);
      expect(row!.reset_key).toBe(storedKey(key));
      const finish = (k: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/account/reset-password/finish',
          payload: { key: k, newPassword: 'Str0ng&Secret!' },
        });
      expect((await finish(row!.reset_key)).statusCode).toBe(400);
      expect((await finish(key)).statusCode).toBe(200);
    });

    it('migration 0024 hashes the keys already mailed: they keep working', async () => {
      await db().query(
        "UPDATE users SET reset_key = '12345678901234567890', reset_date = now() WHERE login = 'user'",
      );
      await db().exec(readFileSync(join(SERVER_ROOT, 'migrations', '0024_hashed_account_keys.sql'), 'utf8'));
      const [row] = await db().query<{ reset_key: string }>(
        "SELECT reset_key FROM users WHERE login = 'user'",
      );
      expect(row!.reset_key).toBe(storedKey('12345678901234567890'));
      const finish = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/reset-password/finish',
        payload: { key: '12345678901234567890', newPassword: 'Str0ng&Secret!' },
      });
      expect(finish.statusCode).toBe(200);
    });

    it('seals TOTP secrets; a rotation reseals them at start-up while the old key is accepted', async () => {
      const headers = await ctx().auth('courtier');
      const started = (
        await ctx().app.inject({ method: 'POST', url: '/api/account/two-factor/enrolment', headers })
      ).json() as StartedEnrolment;
      const confirmed = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/two-factor',
        headers,
        payload: { enrolmentToken: started.enrolmentToken, code: clock.code(started.secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      const sealed = (await storedSecret('courtier'))!;
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(started.secret);
      const signInWith = async (app: Awaited<ReturnType<typeof appWith>>) => {
        clock.advance(30);
        return (
          await signIn(app, { username: 'courtier', password: 'courtier', code: clock.code(started.secret) })
        ).status;
      };
      expect(await signInWith(ctx().app)).toBe(200);

      // The test app's key (generated into its DATA_DIR) → OLD: a server started with OLD as previous
      // cannot open it, so first move the row under OLD as an operator would from the generated key.
      const generated = readFileSync(join(ctx().config.dataDir, 'totp-key'), 'utf8').trim();
      const first = await appWith({ TOTP_ENCRYPTION_KEY: OLD, TOTP_ENCRYPTION_PREVIOUS_KEYS: generated });
      const underOld = (await storedSecret('courtier'))!;
      expect(underOld).not.toBe(sealed);
      expect(createSecretBox(OLD).isCurrent(underOld)).toBe(true);
      expect(await signInWith(first)).toBe(200);
      await first.close();

      // Rotation: NEW with OLD still accepted; the start reseals the row under NEW.
      const rotating = await appWith({ TOTP_ENCRYPTION_KEY: NEW, TOTP_ENCRYPTION_PREVIOUS_KEYS: OLD });
      const underNew = (await storedSecret('courtier'))!;
      expect(createSecretBox(NEW).isCurrent(underNew)).toBe(true);
      expect(await signInWith(rotating)).toBe(200);
      await rotating.close();
      // Then OLD is dropped from the configuration: nothing needs it any more.
      const rotated = await appWith({ TOTP_ENCRYPTION_KEY: NEW });
      expect(await signInWith(rotated)).toBe(200);
      await rotated.close();

      // A key that opens nothing: the code is refused, the row is left as it was.
      const wrong = await appWith({ TOTP_ENCRYPTION_KEY: 'w'.repeat(40) });
      expect(await signInWith(wrong)).toBe(401);
      expect(await storedSecret('courtier')).toBe(underNew);
      expect(await resealTotpSecrets(db(), createSecretBox('w'.repeat(40)))).toEqual({
        resealed: 0,
        unreadable: 1,
      });
      await wrong.close();

      // A ciphertext moved to another user's row opens for nobody (bound to the row id).
      const box = createSecretBox(NEW);
      const [ids] = await db().query<{ a: number; b: number }>(
        "SELECT (SELECT id FROM users WHERE login = 'courtier') AS a, (SELECT id FROM users WHERE login = 'compta') AS b",
      );
      expect(box.open(underNew, Number(ids!.a))).toBe(started.secret);
      expect(box.open(underNew, Number(ids!.b))).toBeUndefined();
    });

    it('seals at start-up a secret stored in clear before this change', async () => {
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await db().query(
        `INSERT INTO user_two_factor (user_id, secret, last_step) SELECT id, $1, 0 FROM users WHERE login = 'compta'`,
        [secret],
      );
      const app = await appWith({ TOTP_ENCRYPTION_KEY: NEW });
      expect(await storedSecret('compta')).toMatch(/^v1\./);
      expect(
        createSecretBox(NEW).open(
          (await storedSecret('compta'))!,
          (await db().query<{ id: number }>("SELECT id FROM users WHERE login = 'compta'")).map((r) =>
            Number(r.id),
          )[0]!,
        ),
      ).toBe(secret);
      clock.advance(30);
      expect(
        (await signIn(app, { username: 'compta', password: 'compta', code: clock.code(secret) })).status,
      ).toBe(200);
      await app.close();
    });

    it('refuses a short or spaced key at start, naming the variable', () => {
      expect(() => testConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(ConfigError);
      expect(() => testConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow('TOTP_ENCRYPTION_KEY');
      expect(() =>
        testConfig({ TOTP_ENCRYPTION_KEY: NEW, TOTP_ENCRYPTION_PREVIOUS_KEYS: `${OLD},tiny` }),
      ).toThrow('TOTP_ENCRYPTION_PREVIOUS_KEYS');
    });
  },
  { now: () => clock.now() },
);
