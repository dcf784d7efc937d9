/**
 * The kept-mail store (`mail_outbox`): a kept mail is sent byte for byte and deleted, a failure
 * keeps it with its count and a doubled wait, a claim held by another instance is left alone
 * (FOR UPDATE SKIP LOCKED) until it is stale, and two instances retrying at once send each mail
 * once.
 */
import { expect, it } from 'vitest';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { backoffSeconds, keepPending, listPending, retryPending } from '../../src/mail/pending.ts';
import { forEachDatabase } from '../helpers.ts';

const message: MailMessage = {
  to: 'sav@example.com',
  subject: 'Réclamation',
  text: 'texte',
  html: '<p>texte</p>',
  attachments: [
    {
      filename: 'rib.pdf',
      content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]),
      contentType: 'application/pdf',
    },
  ],
};

const sender = (fail = false) => {
  const sent: MailMessage[] = [];
  const send = async (m: MailMessage) => {
    if (fail) throw new Error('connect ECONNREFUSED');
    sent.push(m);
  };
  return { send, sent };
};

it('doubles the wait after each failure, up to an hour unless the period is longer', () => {
  expect([1, 2, 3, 4].map((n) => backoffSeconds(300, n))).toEqual([300, 600, 1200, 2400]);
  expect(backoffSeconds(300, 9)).toBe(3600);
  expect(backoffSeconds(7200, 5)).toBe(7200);
});

forEachDatabase((kind, getDb) => {
  const clear = () => getDb().query('DELETE FROM mail_outbox');
  const due = () => getDb().query('UPDATE mail_outbox SET next_attempt_at = now()');

  it('keeps a mail until it is due, then sends it byte for byte and deletes it', async () => {
    await clear();
    await keepPending(getDb(), message, 'down', 60);
    const { send, sent } = sender();
    expect(await retryPending(getDb(), send, 60)).toEqual({
      sent: 0,
      failed: 0,
      firstSent: 0,
      firstFailed: 0,
    });
    await due();
    expect(await retryPending(getDb(), send, 60)).toEqual({
      sent: 1,
      failed: 0,
      firstSent: 0,
      firstFailed: 0,
    });
    expect(sent).toEqual([message]);
    expect(await listPending(getDb())).toEqual([]);
    const left = await getDb().query('SELECT count(*)::int AS n FROM mail_outbox_attachment');
    expect(left[0]!.n).toBe(0);
  });

  it('keeps a mail the server still refuses, counting attempts, and stops at the first failure', async () => {
    await clear();
    await keepPending(getDb(), message, 'down', 1);
    await keepPending(getDb(), { ...message, subject: 'Autre' }, 'down', 1);
    await due();
    expect(await retryPending(getDb(), sender(true).send, 1)).toEqual({
      sent: 0,
      failed: 1,
      firstSent: 0,
      firstFailed: 0,
    });
    const [first, second] = await listPending(getDb());
    expect(first).toMatchObject({ subject: 'Réclamation', attempts: 2, lastError: 'connect ECONNREFUSED' });
    expect(second).toMatchObject({ subject: 'Autre', attempts: 1, lastError: 'down' });
    // Two failed attempts: the next waits twice the period.
    const [wait] = await getDb().query<{ s: number }>(
      'SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM mail_outbox WHERE id = $1',
      [first!.id],
    );
    expect(wait!.s).toBeGreaterThan(1.5);
    expect(wait!.s).toBeLessThanOrEqual(2.5);
  });

  it('leaves a mail claimed by another instance alone until the claim is stale', async () => {
    await clear();
    const id = await keepPending(getDb(), message, 'down', 0);
    await getDb().query("UPDATE mail_outbox SET claimed_at = now(), claimed_by = 'other:1' WHERE id = $1", [
      id,
    ]);
    const { send, sent } = sender();
    expect(await retryPending(getDb(), send, 1)).toEqual({
      sent: 0,
      failed: 0,
      firstSent: 0,
      firstFailed: 0,
    });
    await getDb().query("UPDATE mail_outbox SET claimed_at = now() - interval '11 minutes' WHERE id = $1", [
      id,
    ]);
    expect(await retryPending(getDb(), send, 1)).toEqual({
      sent: 1,
      failed: 0,
      firstSent: 0,
      firstFailed: 0,
    });
    expect(sent).toHaveLength(1);
  });

  if (kind === 'postgres') {
    it('two instances retrying at once send each kept mail exactly once', async () => {
      await clear();
      for (let i = 0; i < 20; i++) await keepPending(getDb(), { ...message, subject: `m${i}` }, 'down', 0);
      const subjects: string[] = [];
      const slowSend = async (m: MailMessage) => {
        subjects.push(m.subject);
        await new Promise((r) => setTimeout(r, 5));
      };
      // Each on its own connection, as two instances would be.
      const [a, b] = await Promise.all([
        getDb().session((s) => retryPending(s, slowSend, 1)),
        getDb().session((s) => retryPending(s, slowSend, 1)),
      ]);
      expect(a.sent + b.sent).toBe(20);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect([...subjects].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`).sort());
    });
  }

  it('does nothing when no mail was ever kept', async () => {
    await clear();
    expect(await retryPending(getDb(), sender().send, 1)).toEqual({
      sent: 0,
      failed: 0,
      firstSent: 0,
      firstFailed: 0,
    });
  });
});
