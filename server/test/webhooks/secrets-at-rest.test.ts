/**
 * Webhook signing secrets at rest, on both databases: sealed with the TOTP secrets' box
 * (AES-256-GCM under TOTP_ENCRYPTION_KEY, bound to the endpoint's row), never in the column in
 * clear, yet every delivery is signed with the secret shown once (checked by the independent
 * verifier). A secret stored in clear before this change, or under a previous key during a
 * rotation, is resealed at start-up and keeps signing; a key that opens nothing fails the
 * delivery, sending nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createSecretBox } from '../../src/identity/secret-box.ts';
import { emitWebhookEvent } from '../../src/webhooks/emit.ts';
import { forEachApp, TEST_HASH_ROUNDS, testConfig } from '../helpers.ts';
import { type Receiver, startReceiver, verifyStandardWebhook } from './receiver.ts';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0', WEBHOOK_MAX_ATTEMPTS: '3' };
const OLD = 'old-totp-key-0123456789-0123456789-abcdef';
const NEW = 'new-totp-key-9876543210-9876543210-fedcba';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

forEachApp(
  (kind, ctx) => {
    const db = () => ctx().db;
    const stored = async (id: number) =>
      (await db().query<{ secret: string }>('select secret from webhook_endpoint where id = $1', [id]))[0]!
        .secret;
    const appWith = async (env: Record<string, string>) => {
      const app = await buildApp({
        config: testConfig({ ...ENV, ...env }),
        db: db(),
        logger: false,
        hashRounds: TEST_HASH_ROUNDS,
      });
      await app.ready();
      await app.webhookDeliveries.stop();
      return app;
    };
    /** An event for courtier's policies, sent by `app` now; what the receiver got on `path` for it. */
    const deliver = async (app: Awaited<ReturnType<typeof appWith>>, path: string) => {
      const before = receiver.on(path).length;
      await db().transaction((tx) =>
        emitWebhookEvent(tx, {
          type: 'statement.created',
          scope: { codeCourtierPortail: 'C0001', codeCourtierGrossistePortail: 'G0001' },
          payload: { probe: path },
        }),
      );
      await app.webhookDeliveries.run();
      return receiver.on(path).slice(before);
    };
    const register = async (path: string) => {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: await ctx().auth('courtier'),
        payload: { url: `${receiver.url}/${kind}${path}`, events: ['statement.created'] },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; secret: string };
    };
    const remove = async (id: number) => {
      await db().query('delete from webhook_endpoint where id = $1', [id]);
    };

    beforeAll(async () => {
      await ctx().app.webhookDeliveries.stop();
    });

    it('keeps the secret sealed in the column; deliveries are signed with the one shown once', async () => {
      const hook = await register('/sealed');
      const column = await stored(hook.id);
      expect(column).toMatch(/^v1\.[0-9a-f]{8}\./);
      const key = hook.secret.slice('whsec_'.length);
      expect(column).not.toContain(key);
      expect(column).not.toContain(Buffer.from(key, 'base64').toString('base64url'));
      expect(column).not.toContain(Buffer.from(key, 'base64').toString('hex'));
      // No read of the endpoint gives it back.
      const listed = await ctx().app.inject({
        method: 'GET',
        url: `/api/webhooks/${hook.id}`,
        headers: await ctx().auth('courtier'),
      });
      expect(listed.body).not.toContain(key);
      expect(listed.body).not.toContain(column);

      const got = await deliver(ctx().app, `/${kind}/sealed`);
      expect(got.map((r) => r.event.data)).toEqual([{ probe: `/${kind}/sealed` }]);
      expect(await verifyStandardWebhook(hook.secret, got[0]!.headers, got[0]!.body)).toBe(true);
      // The ciphertext is bound to its row: copied to another endpoint it opens for nobody.
      const other = await register('/other');
      const box = createSecretBox(ctx().config.totpKey!, [], 'webhook_endpoint');
      expect(box.open(column, hook.id)).toBe(hook.secret);
      expect(box.open(column, other.id)).toBeUndefined();
      // Nor does the TOTP table's binding open it (one key, two tables).
      expect(createSecretBox(ctx().config.totpKey!).open(column, hook.id)).toBeUndefined();
      await remove(hook.id);
      await remove(other.id);
    });

    it('seals at start-up a secret stored in clear before, and through a key rotation it keeps signing', async () => {
      const hook = await register('/legacy');
      // As migration 0100 leaves a row registered before: the secret in clear.
      const clear = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      await db().query('update webhook_endpoint set secret = $2 where id = $1', [hook.id, clear]);

      const first = await appWith({
        TOTP_ENCRYPTION_KEY: OLD,
        TOTP_ENCRYPTION_PREVIOUS_KEYS: ctx().config.totpKey!,
      });
      const underOld = await stored(hook.id);
      expect(underOld).not.toContain(clear.slice(6));
      expect(createSecretBox(OLD, [], 'webhook_endpoint').isCurrent(underOld)).toBe(true);
      let got = await deliver(first, `/${kind}/legacy`);
      expect(got).toHaveLength(1);
      expect(await verifyStandardWebhook(clear, got[0]!.headers, got[0]!.body)).toBe(true);
      await first.close();

      // Rotation: NEW, with OLD still read; the start reseals the row under NEW.
      const rotating = await appWith({ TOTP_ENCRYPTION_KEY: NEW, TOTP_ENCRYPTION_PREVIOUS_KEYS: OLD });
      expect(createSecretBox(NEW, [], 'webhook_endpoint').isCurrent(await stored(hook.id))).toBe(true);
      await rotating.close();
      const rotated = await appWith({ TOTP_ENCRYPTION_KEY: NEW });
      got = await deliver(rotated, `/${kind}/legacy`);
      expect(got).toHaveLength(1);
      expect(await verifyStandardWebhook(clear, got[0]!.headers, got[0]!.body)).toBe(true);
      await rotated.close();

      // A key that opens nothing: nothing is sent, the attempt is logged as failed with why.
      const wrong = await appWith({ TOTP_ENCRYPTION_KEY: 'w'.repeat(40) });
      const underNew = await stored(hook.id);
      got = await deliver(wrong, `/${kind}/legacy`);
      expect(got).toHaveLength(0);
      expect(await stored(hook.id)).toBe(underNew);
      const [row] = await db().query<{ attempts: number; last_error: string }>(
        'select attempts, last_error from webhook_delivery where endpoint_id = $1 order by id desc limit 1',
        [hook.id],
      );
      expect(row).toEqual({
        attempts: 1,
        last_error: 'signing secret unreadable: TOTP_ENCRYPTION_KEY changed without its previous key',
      });
      await wrong.close();
      await remove(hook.id);
    });
  },
  { env: ENV },
);
