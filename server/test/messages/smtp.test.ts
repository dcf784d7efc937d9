/**
 * The after-sales message through a real SMTP server started here: delivered with its
 * attachments; while the server is down the caller gets a 503 and the message is kept, then
 * sent by the retry timer once the server is back; a permanent refusal is a 502, not kept.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { listPending } from '../../src/mail/pending.ts';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';
import { startSmtp, until } from '../smtp.ts';
import { file, multipart, SAMPLES } from './fixtures.ts';

const smtp = await startSmtp();
const smtpUrl = smtp.url;
const received = smtp.received;
afterAll(() => smtp.down());

forEachApp(
  (kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });
    beforeEach(() => {
      smtp.mode = 'up';
    });
    const pending = () => listPending(ctx().db);
    const send = async (text: string) => {
      const body = multipart([
        { name: 'subject', value: 'Demande de remboursement' },
        { name: 'message', value: `<p>${text}</p>` },
        { name: 'id_police', value: '1001' },
        file('rib.pdf', SAMPLES['attestation.pdf']),
      ]);
      return ctx().app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { ...(await ctx().auth('courtier')), ...body.headers },
        payload: body.payload,
      });
    };
    const mailsWith = (text: string) => received.filter((m) => m.raw.includes(text));

    it('delivers one mail to the after-sales address with the attachment', async () => {
      const text = `delivered-${kind}`;
      const response = await send(text);
      expect(response.statusCode, response.body).toBe(200);
      const mails = mailsWith(text);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual(['sav-ucr@demo.extranet.example']);
      expect(mails[0]!.raw).toContain('From: Extranet <extranet@example.com>');
      expect(mails[0]!.raw).toMatch(/Content-Type: application\/pdf; name=rib\.pdf/);
      expect(await pending()).toEqual([]);
    });

    it('answers 503 while the server is down, keeps the message, and sends it once the server is back', async () => {
      smtp.mode = 'down';
      const text = `kept-${kind}`;
      const response = await send(text);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({
        type: 'http://www.jhipster.tech/problem/mail-unavailable',
        status: 503,
        message: 'error.mail.queued',
        params: { kept: true },
      });
      expect(response.json().detail).toMatch(/kept and will be sent automatically/);
      expect(response.body).not.toContain('Service not available');
      expect(await pending()).toHaveLength(1);
      // Still down: the timer's attempts keep it.
      await new Promise((r) => setTimeout(r, 1500));
      expect(mailsWith(text)).toHaveLength(0);
      expect(await pending()).toHaveLength(1);

      smtp.mode = 'up';
      expect(await until(() => mailsWith(text).length > 0)).toBe(true);
      expect(await until(async () => (await pending()).length === 0)).toBe(true);
      expect(mailsWith(text)).toHaveLength(1);
      expect(mailsWith(text)[0]!.raw).toContain('rib.pdf');
    });

    it('answers 502 and keeps nothing when the server refuses the message for good', async () => {
      smtp.mode = 'refuse';
      const text = `refused-${kind}`;
      const response = await send(text);
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, detail: 'The mail server refused the message' });
      expect(await pending()).toEqual([]);
      smtp.mode = 'up';
      await new Promise((r) => setTimeout(r, 1200));
      expect(mailsWith(text)).toHaveLength(0);
    });
  },
  // Kept messages are retried every second here.
  {
    env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Extranet <extranet@example.com>', AFTER_SALES_RETRY_SECONDS: '1' },
  },
);
