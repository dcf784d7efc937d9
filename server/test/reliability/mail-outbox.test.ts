/**
 * One mail path. The set-password mail of an admin-created user, an activation mail
 * and a password-reset mail made while the SMTP server is down are kept in
 * the database's mail outbox (as after-sales messages are) and sent once it is back; the
 * callers get their usual answers. Before, the admin's 201 came with the mail lost (only
 * logged), and registration and reset answered 500.
 *
 * A real SMTP server (smtp-server) on a fixed local port: "down" is nothing listening there
 * (connection refused), "up" is the server listening again.
 */
import { afterAll, expect, it } from 'vitest';
import { findUserByLogin, storedKey } from '../../src/accounts/users.ts';
import { listPending } from '../../src/mail/pending.ts';
import { demoEmail } from '../../src/seed/demo-accounts.ts';
import { forEachApp } from '../helpers.ts';
import { startSmtp, until } from '../smtp.ts';

const smtp = await startSmtp();
await smtp.down();
const received = smtp.received;
afterAll(() => smtp.down());

forEachApp(
  (kind, ctx) => {
    const pending = () => listPending(ctx().db);

    it('mails made while SMTP is down are kept, answered as usual, and sent once it is back', async () => {
      await smtp.down();
      received.length = 0;
      const { app } = ctx();
      const created = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: await ctx().auth('admin'),
        payload: { login: `nouveau-${kind}`, email: `nouveau-${kind}@example.com`, marque: 'UCR' },
      });
      expect(created.statusCode).toBe(201);
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          login: `inscrit-${kind}`,
          email: `inscrit-${kind}@example.com`,
          password: 'Str0ng&Secret!',
        },
      });
      expect(registered.statusCode).toBe(201);
      const reset = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password/init',
        headers: { 'content-type': 'text/plain' },
        payload: demoEmail('user'),
      });
      expect(reset.statusCode).toBe(200);
      expect(await pending()).toHaveLength(3);
      expect(received).toHaveLength(0);

      await smtp.up();
      // AFTER_SALES_RETRY_SECONDS=1: the next retry sends all three.
      expect(await until(async () => received.length === 3 && (await pending()).length === 0, 20_000)).toBe(
        true,
      );
      const to = (address: string) => received.find((m) => m.to.includes(address));
      const creation = to(`nouveau-${kind}@example.com`);
      const activation = to(`inscrit-${kind}@example.com`);
      expect(to(demoEmail('user'))).toBeDefined();
      expect(activation).toBeDefined();

      // The kept set-password mail still works: its link sets the new user's password.
      const key = /#\/reset\/finish\?key=(\d{20})/.exec(creation!.text)?.[1];
      expect(storedKey(key!)).toBe((await findUserByLogin(ctx().db, `nouveau-${kind}`))!.resetKey);
      const finish = await app.inject({
        method: 'POST',
        url: '/api/account/reset-password/finish',
        payload: { key, newPassword: 'Ch0sen&Secret!' },
      });
      expect(finish.statusCode).toBe(200);
    }, 60_000);
  },
  { env: { SMTP_URL: smtp.url, AFTER_SALES_RETRY_SECONDS: '1' } },
);
