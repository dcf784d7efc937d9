import { afterAll, describe, expect, it } from 'vitest';
import { findUserByLogin, storedKey } from '../src/accounts/users.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { forEachApp } from './helpers.ts';
import { startSmtp } from './smtp.ts';

const smtp = await startSmtp();
const smtpUrl = smtp.url;
const received = smtp.received;
afterAll(() => smtp.down());

describe('SMTP mailer', () => {
  it('delivers a message with its sender, recipient, subject and attachment', async () => {
    const mailer = createMailer({ smtpUrl, mailFrom: 'extranet@example.com', dataDir: '/nonexistent' });
    expect(mailer.kind).toBe('smtp');
    expect(await mailer.check()).toEqual({ ok: true });
    await mailer.send({
      to: 'broker@example.com',
      subject: 'Bonjour',
      text: 'Corps du message',
      attachments: [{ filename: 'note.txt', content: 'pièce jointe' }],
    });
    mailer.close();
    const last = received.at(-1)!;
    expect(last.from).toBe('extranet@example.com');
    expect(last.to).toEqual(['broker@example.com']);
    expect(last.raw).toContain('Subject: Bonjour');
    expect(last.raw).toContain('note.txt');
  });

  it('reports an unreachable server as a failed check and a failed send', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'x@example.com',
      dataDir: '/nonexistent',
    });
    const check = await mailer.check();
    expect(check.ok).toBe(false);
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});

forEachApp(
  (_kind, ctx) => {
    it('mails the activation link of a registration through SMTP', async () => {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { login: `smtp-${_kind}`, email: `smtp-${_kind}@example.com`, password: 'Str0ng&Secret!' },
      });
      expect(response.statusCode).toBe(201);
      const mail = received.find((m) => m.to.includes(`smtp-${_kind}@example.com`));
      expect(mail).toBeDefined();
      const key = /#\/activate\?key=(\d{20})/.exec(mail!.text)?.[1];
      expect(storedKey(key!)).toBe((await findUserByLogin(ctx().db, `smtp-${_kind}`))!.activationKey);
    });
  },
  { env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Extranet <extranet@example.com>' }, seed: false },
);

/** A mail server refusing the recipient for good (SMTP 550): a retry would not change it. */
const refusing: Mailer = {
  kind: 'smtp',
  send: () => Promise.reject(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 })),
  check: async () => ({ ok: true }),
  close: () => undefined,
};

forEachApp(
  (_kind, ctx) => {
    // A mail server that is only down keeps the mail for a retry instead (reliability/mail-outbox.test.ts).
    it('answers 500 without a trace and keeps no account when the mail server refuses the activation mail', async () => {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { login: 'unmailed', email: 'unmailed@example.com', password: 'Str0ng&Secret!' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        status: 500,
        detail: 'The e-mail could not be sent; please try again later',
      });
      expect(response.body).not.toContain('mailbox unavailable');
      expect(await findUserByLogin(ctx().db, 'unmailed')).toBeUndefined();
    });
  },
  { mailer: refusing, seed: false },
);
