/**
 * The business counters of management/prometheus move with what they count: sign-ins by outcome,
 * exported rows by entity, imported rows and files by kind, mails by what became of them. Each
 * action is done through the API and the counter read back from the scraped exposition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import { queueMail } from '../../src/mail/pending.ts';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';
import { movableClock, type StartedEnrolment } from '../identity/two-factor-helpers.ts';
import { file, multipart, type Part } from '../messages/fixtures.ts';

const SCRAPE_TOKEN = 'scrape-0123456789-abcdefghijklmnopqrstuvwxyz';
const LOGIN_LIMIT = 3;

/** `name{a="x",b="y"} 3` → 3, whatever the order of the labels; 0 when the series is absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) return Number(match[3]);
  }
  return 0;
}

/** A mail server the test takes down (connection refused), brings back, or makes refuse for good. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  let mode: 'up' | 'down' | 'refusing' = 'up';
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      if (mode === 'down') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      if (mode === 'refusing') throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
      sent.push(message);
      return { messageId: `<${sent.length}@test>`, via: 'smtp' };
    },
    check: async () => ({ ok: mode === 'up' }),
    close: () => undefined,
  };
  return { mailer, sent, set: (next: typeof mode) => (mode = next) };
}

const clock = movableClock();
const smtp = switchableMailer();

forEachApp(
  (_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });
    const scrape = async () =>
      (
        await ctx().app.inject({
          method: 'GET',
          url: '/management/prometheus',
          headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
        })
      ).body;
    /** The counter's value before and after `act`. */
    const moved = async (name: string, labels: Record<string, string>, act: () => Promise<unknown>) => {
      const before = sample(await scrape(), name, labels);
      await act();
      return sample(await scrape(), name, labels) - before;
    };
    const signIn = (payload: Record<string, unknown>) =>
      ctx().app.inject({ method: 'POST', url: '/api/authenticate', payload });

    describe('sign-ins', () => {
      const signIns = (outcome: string, act: () => Promise<unknown>) =>
        moved('extranet_sign_ins_total', { outcome }, act);

      it('counts each outcome under its own label, every outcome present from the start', async () => {
        const exposition = await scrape();
        expect(exposition).toContain('# TYPE extranet_sign_ins_total counter');
        for (const outcome of ['success', 'failure', 'not_activated', 'second_factor_failure', 'throttled'])
          expect(exposition).toMatch(
            new RegExp(`^extranet_sign_ins_total\\{outcome="${outcome}"\\} \\d+$`, 'm'),
          );

        expect(await signIns('success', () => signIn({ username: 'courtier', password: 'courtier' }))).toBe(
          1,
        );
        expect(await signIns('failure', () => signIn({ username: 'courtier', password: 'wrong!' }))).toBe(1);
        expect(await signIns('failure', () => signIn({ username: 'nobody-here', password: 'x1234' }))).toBe(
          1,
        );

        await ctx().db.query("UPDATE users SET activated = false WHERE login = 'user'");
        expect(await signIns('not_activated', () => signIn({ username: 'user', password: 'user' }))).toBe(1);
      });

      it('counts a wrong second factor as second_factor_failure, not as a success', async () => {
        const headers = await ctx().auth('portefeuille');
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
        const before = await scrape();
        const wrong = await signIn({ username: 'portefeuille', password: 'portefeuille', code: '000000' });
        expect(wrong.statusCode).toBe(401);
        const after = await scrape();
        const delta = (outcome: string) =>
          sample(after, 'extranet_sign_ins_total', { outcome }) -
          sample(before, 'extranet_sign_ins_total', { outcome });
        expect(delta('second_factor_failure')).toBe(1);
        expect(delta('success')).toBe(0);
      });

      it('counts a refused attempt past the limit as throttled', async () => {
        for (let i = 0; i < LOGIN_LIMIT; i++)
          expect((await signIn({ username: 'compta', password: `wrong-${i}` })).statusCode).toBe(401);
        expect(
          await signIns('throttled', async () => {
            expect((await signIn({ username: 'compta', password: 'compta' })).statusCode).toBe(429);
          }),
        ).toBe(1);
      });
    });

    it('counts the rows of each CSV export under its entity', async () => {
      const headers = await ctx().auth('courtier');
      let lines = 0;
      const delta = await moved('extranet_exported_rows_total', { kind: 'police' }, async () => {
        const response = await ctx().app.inject({ method: 'GET', url: '/api/police/export.csv', headers });
        expect(response.statusCode).toBe(200);
        lines = response.body.split('\r\n').filter(Boolean).length - 1; // the header line
      });
      expect(lines).toBeGreaterThan(0);
      expect(delta).toBe(lines);
    });

    it('counts imported rows and files by kind, a rejected file as rejected', async () => {
      const admin = await ctx().auth('admin');
      const post = (content: string) => {
        const parts: Part[] = [
          { name: 'kind', value: 'police' },
          { name: 'file', filename: 'police.json', content: Buffer.from(content) },
        ];
        const body = multipart(parts);
        return ctx().app.inject({
          method: 'POST',
          url: '/api/admin/import',
          headers: { ...admin, ...body.headers },
          payload: body.payload,
        });
      };
      const row = (id: number | string) =>
        JSON.stringify({ idPolice: id, codeCourtierPortail: 'C0001', codeCourtierGrossistePortail: 'G0001' });
      const files = (outcome: string) => ({ kind: 'police', outcome });
      const before = await scrape();
      expect((await post(`[\n${row(8_100_001)},\n${row(8_100_002)}\n]`)).statusCode).toBe(200);
      expect((await post(`[\n${row('abc')}\n]`)).statusCode).toBe(400);
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(delta('extranet_imported_rows_total', { kind: 'police' })).toBe(2);
      expect(delta('extranet_import_files_total', files('imported'))).toBe(1);
      expect(delta('extranet_import_files_total', files('rejected'))).toBe(1);
    });

    it('counts mails sent, kept, retried, failed again on a retry, and refused', async () => {
      const headers = await ctx().auth('courtier2');
      const message = () => {
        const body = multipart([
          { name: 'subject', value: 'Réclamation' },
          { name: 'message', value: '<p>Merci de rappeler le client.</p>' },
          { name: 'id_police', value: '1004' },
          file('rib.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'),
        ]);
        return ctx().app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        });
      };
      const mails = (outcome: string) => async () =>
        sample(await scrape(), 'extranet_mails_total', { outcome });
      const until = async (read: () => Promise<number>, target: number) => {
        const end = Date.now() + 10_000;
        while ((await read()) < target && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        return read();
      };
      const [sent, kept, retried, retryFailed, refused] = await Promise.all(
        ['sent', 'kept', 'retried', 'retry_failed', 'refused'].map((o) => mails(o)()),
      );

      smtp.set('up');
      expect((await message()).statusCode).toBe(200);
      expect(await mails('sent')()).toBe(sent! + 1);

      smtp.set('down');
      expect((await message()).statusCode).toBe(503);
      expect(await mails('kept')()).toBe(kept! + 1);
      // The retry job runs every second (AFTER_SALES_RETRY_SECONDS=1) and fails while it is down.
      expect(await until(mails('retry_failed'), retryFailed! + 1)).toBeGreaterThan(retryFailed!);

      smtp.set('up');
      expect(await until(mails('retried'), retried! + 1)).toBe(retried! + 1);
      expect(await mails('sent')()).toBe(sent! + 1); // a retried mail is not counted as sent at once

      smtp.set('refusing');
      expect((await message()).statusCode).toBe(502);
      expect(await mails('refused')()).toBe(refused! + 1);
      smtp.set('up');

      // A mail queued for the outbox (the alert digest's way) is sent by its next run: sent, not retried.
      await queueMail(ctx().db, { to: 'a@example.com', subject: 'Digest', text: 'x' });
      expect(await until(mails('sent'), sent! + 2)).toBe(sent! + 2);
      expect(await mails('retried')()).toBe(retried! + 1);
    });
  },
  {
    env: {
      PROMETHEUS_TOKEN: SCRAPE_TOKEN,
      SIGNIN_LIMIT_PER_LOGIN: String(LOGIN_LIMIT),
      AFTER_SALES_RETRY_SECONDS: '1',
    },
    now: clock.now,
    mailer: smtp.mailer,
  },
);
