/**
 * Alerts (docs/insight.md "Alerts") on PGlite and PostgreSQL, with two app instances over one
 * database, both running the digest job every second (ALERT_DIGEST_INTERVAL_SECONDS=1), and a
 * real SMTP server receiving the mails the outbox sends: the choice of types is validated; each
 * account's digest lists exactly the new events of its types within its scope (a broker never
 * gets another broker's), in its language, each linking to its policy, and each event once;
 * two concurrent digest runs mail once; the unsubscribe link works without signing in and only
 * for its own user; the unread count follows the same scope and types and empties when read.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigest } from '../../src/alerts/digest.ts';
import { createUnsubscribeTokens } from '../../src/alerts/unsubscribe-token.ts';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/types.ts';
import { demoEmail } from '../../src/seed/demo-accounts.ts';
import { forEachApp, TEST_HASH_ROUNDS, TEST_JWT_SECRET, testConfig } from '../helpers.ts';
import { type ReceivedMail, startSmtp, until } from '../smtp.ts';

const smtp = await startSmtp();
afterAll(() => smtp.down());

const ENV = {
  SMTP_URL: smtp.url,
  AFTER_SALES_RETRY_SECONDS: '1',
  ALERT_DIGEST_INTERVAL_SECONDS: '1',
  BASE_URL: 'https://extranet.example',
};

const BROKERS = { C0001: 'G0001', C0002: 'G0002', C0003: 'G0001' } as const;

/** One event of `type` on a policy of `broker`; its policy number names it in the mails. */
async function addEvent(
  db: Db,
  broker: keyof typeof BROKERS,
  type: string,
  police: string,
  idPolice: number,
) {
  await db.query(
    `INSERT INTO timeline_event (courtier, code_courtier_portail, code_courtier_grossiste_portail, time,
       id_police, police, nomprenom, type_message, message)
     VALUES ($1, $1, $2, now(), $3, $4, 'DURAND Marie', $5, 'Événement de test')`,
    [broker, BROKERS[broker], idPolice, police, type],
  );
}

const DEMO = ['admin', 'courtier', 'courtier2', 'grossiste', 'compta', 'portefeuille', 'user'] as const;
type Login = (typeof DEMO)[number];

forEachApp(
  (kind, ctx) => {
    let second: FastifyInstance;
    const mailsTo = (login: Login, tag = `-${kind}-`): ReceivedMail[] =>
      smtp.received.filter((m) => m.to.includes(demoEmail(login)) && m.text.includes(tag));
    const policiesIn = (mail: ReceivedMail) => [
      ...new Set([...mail.text.matchAll(/Pol-[a-z]+-\w+/g)].map((m) => m[0])),
    ];
    const api = async (login: Login, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      ctx().app.inject({ method, url, headers: await ctx().auth(login), ...(payload ? { payload } : {}) });
    const pol = (name: string) => `Pol-${kind}-${name}`;

    beforeAll(async () => {
      // A second instance over the same database, running the same digest job.
      second = await buildApp({
        config: testConfig(ENV),
        db: ctx().db,
        logger: false,
        hashRounds: TEST_HASH_ROUNDS,
      });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
    });

    describe('choosing', () => {
      it('starts from the role defaults: IMP, MED, CTX for COMPTA or PORTEFEUILLE, none otherwise', async () => {
        for (const login of ['courtier', 'compta', 'portefeuille', 'grossiste'] as const) {
          const answer = (await api(login, 'GET', '/api/account/alerts')).json();
          expect(answer).toMatchObject({ types: ['IMP', 'MED', 'CTX'], digest: true, chosen: false });
        }
        for (const login of ['user', 'admin'] as const)
          expect((await api(login, 'GET', '/api/account/alerts')).json()).toMatchObject({
            types: [],
            chosen: false,
          });
        expect((await ctx().app.inject({ method: 'GET', url: '/api/account/alerts' })).statusCode).toBe(401);
      });

      it('refuses an unknown type, a repeated type or a missing switch with 400, changing nothing', async () => {
        for (const payload of [
          { types: ['IMP', 'XYZ'], digest: true },
          { types: ['IMP', 'IMP'], digest: true },
          { types: ['imp'], digest: true },
          { types: ['IMP'] },
          { types: 'IMP', digest: true },
          { types: ['IMP'], digest: 'yes' },
          { types: ['IMP'], digest: true, extra: 1 },
        ]) {
          const answer = await api('courtier', 'PUT', '/api/account/alerts', payload);
          expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
          expect(answer.headers['content-type']).toContain('application/problem+json');
        }
        expect((await api('courtier', 'GET', '/api/account/alerts')).json()).toMatchObject({
          types: ['IMP', 'MED', 'CTX'],
          chosen: false,
        });
      });

      it('keeps a valid choice, in the types’ display order', async () => {
        const answer = await api('courtier2', 'PUT', '/api/account/alerts', {
          types: ['MED', 'AFN'],
          digest: true,
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ types: ['AFN', 'MED'], digest: true, chosen: true });
        expect((await api('courtier2', 'GET', '/api/account/alerts')).json()).toMatchObject({
          types: ['AFN', 'MED'],
          digest: true,
          chosen: true,
        });
        expect(
          (await api('user', 'PUT', '/api/account/alerts', { types: ['AFN'], digest: true })).statusCode,
        ).toBe(200);
        await ctx().db.query("UPDATE users SET lang_key = 'en' WHERE login = 'courtier2'");
      });
    });

    describe('the daily digest', () => {
      beforeAll(async () => {
        const { db } = ctx();
        await addEvent(db, 'C0001', 'IMP', pol('c1imp'), 101);
        await addEvent(db, 'C0001', 'AFN', pol('c1afn'), 102);
        await addEvent(db, 'C0002', 'MED', pol('c2med'), 201);
        await addEvent(db, 'C0003', 'CTX', pol('c3ctx'), 301);
      });

      it('mails each account the new events of its types within its scope, each once', async () => {
        const expected: Partial<Record<Login, string[]>> = {
          courtier: [pol('c1imp')],
          compta: [pol('c1imp')],
          portefeuille: [pol('c1imp')],
          grossiste: [pol('c1imp'), pol('c3ctx')],
          courtier2: [pol('c2med')],
          user: [pol('c1afn')],
        };
        const logins = Object.keys(expected) as Login[];
        expect(await until(() => logins.every((login) => mailsTo(login).length > 0))).toBe(true);
        // Both instances check every second: wait a few more periods, nothing comes twice.
        await new Promise((r) => setTimeout(r, 3000));
        for (const login of logins) {
          const mails = mailsTo(login);
          expect(mails, login).toHaveLength(1);
          expect(policiesIn(mails[0]!).sort(), login).toEqual(expected[login]!.sort());
        }
        expect(mailsTo('admin')).toHaveLength(0);
      });

      it('links each event to its policy, speaks the account’s language, offers one-click unsubscribe', () => {
        const [french] = mailsTo('courtier');
        expect(french!.text).toContain('https://extranet.example/#/police/101');
        expect(french!.text).toContain('Voici les nouveaux événements de vos alertes');
        expect(french!.text).toContain('Rejet de prélèvement');
        expect(french!.text).toMatch(
          /List-Unsubscribe: <https:\/\/extranet\.example\/api\/alerts\/unsubscribe\?token=\d+\.[\w-]{43}>/,
        );
        expect(french!.text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        const [english] = mailsTo('courtier2');
        expect(english!.text).toContain('Subject: Extranet: 1 new event on your policies');
        expect(english!.text).toContain('Formal notice');
        expect(english!.text).toContain('https://extranet.example/#/police/201');
      });

      it('mails only what is new the next time', async () => {
        await addEvent(ctx().db, 'C0001', 'MED', pol('c1med'), 103);
        expect(await until(() => mailsTo('grossiste').length === 2)).toBe(true);
        await until(() => mailsTo('courtier').length === 2 && mailsTo('compta').length === 2);
        await new Promise((r) => setTimeout(r, 2000));
        for (const login of ['courtier', 'compta', 'portefeuille', 'grossiste'] as const) {
          const mails = mailsTo(login);
          expect(mails, login).toHaveLength(2);
          expect(policiesIn(mails[1]!)).toEqual([pol('c1med')]);
        }
        expect(mailsTo('courtier2')).toHaveLength(1);
        expect(mailsTo('user')).toHaveLength(1);
      });
    });

    describe('unsubscribing from a mail, without signing in', () => {
      const tokenIn = (mail: ReceivedMail) => /#\/unsubscribe\?token=(\d+\.[\w-]{43})/.exec(mail.text)![1]!;
      const digestOf = async (login: Login) =>
        ((await api(login, 'GET', '/api/account/alerts')).json() as { digest: boolean }).digest;

      it('refuses a changed token with a clear 400 and changes nothing', async () => {
        const token = tokenIn(mailsTo('courtier')[0]!);
        const courtier2Id = /^(\d+)\./.exec(tokenIn(mailsTo('courtier2')[0]!))![1]!;
        const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
        const otherUser = token.replace(/^\d+/, courtier2Id);
        for (const bad of [flipped, otherUser, 'nonsense', `${token}x`]) {
          for (const method of ['GET', 'POST'] as const) {
            const answer = await ctx().app.inject({
              method,
              url: `/api/alerts/unsubscribe?token=${encodeURIComponent(bad)}`,
              ...(method === 'POST' ? { payload: {} } : {}),
            });
            expect(answer.statusCode, `${method} ${bad}`).toBe(400);
            expect(answer.json().detail).toContain('This unsubscribe link is not valid');
          }
        }
        expect(await digestOf('courtier')).toBe(true);
        expect(await digestOf('courtier2')).toBe(true);
        const [row] = await ctx().db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_unsubscribe');
        expect(row!.n).toBe(0);
      });

      it('describes on GET without changing anything, stops the digest on POST, for that user only', async () => {
        const token = tokenIn(mailsTo('courtier')[0]!);
        const url = `/api/alerts/unsubscribe?token=${token}`;
        const described = await ctx().app.inject({ method: 'GET', url });
        expect(described.statusCode).toBe(200);
        expect(described.json()).toEqual({ email: 'c***@demo.extranet.example', digest: true });
        expect(await digestOf('courtier')).toBe(true);
        const done = await ctx().app.inject({ method: 'POST', url, payload: {} });
        expect(done.statusCode).toBe(200);
        expect(done.json()).toEqual({ email: 'c***@demo.extranet.example', digest: false });
        expect((await api('courtier', 'GET', '/api/account/alerts')).json()).toMatchObject({
          types: ['IMP', 'MED', 'CTX'],
          digest: false,
        });
        expect(await digestOf('compta')).toBe(true);
        expect(await digestOf('courtier2')).toBe(true);
      });

      it('takes a mail client’s RFC 8058 one-click POST', async () => {
        const header =
          /List-Unsubscribe: <https:\/\/extranet\.example(\/api\/alerts\/unsubscribe\?token=[^>]+)>/.exec(
            mailsTo('compta')[0]!.text,
          )![1]!;
        const answer = await ctx().app.inject({
          method: 'POST',
          url: header,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(answer.statusCode).toBe(200);
        expect(await digestOf('compta')).toBe(false);
        const rows = await ctx().db.query<{ login: string; via: string }>(
          'SELECT u.login, a.via FROM alert_unsubscribe a JOIN users u ON u.id = a.user_id ORDER BY a.id',
        );
        expect(rows).toEqual([
          { login: 'courtier', via: 'page' },
          { login: 'compta', via: 'one-click' },
        ]);
      });

      it('mails the unsubscribed no more, the others as before', async () => {
        await addEvent(ctx().db, 'C0001', 'CTX', pol('c1ctx'), 104);
        expect(
          await until(() => mailsTo('portefeuille').length === 3 && mailsTo('grossiste').length === 3),
        ).toBe(true);
        await new Promise((r) => setTimeout(r, 2000));
        expect(mailsTo('courtier')).toHaveLength(2);
        expect(mailsTo('compta')).toHaveLength(2);
      });
    });

    describe('the unread count', () => {
      const unread = async (login: Login) =>
        (await api(login, 'GET', '/api/account/alerts/unread')).json() as { unread: number; upTo: number };

      it('counts the chosen events within the scope since the marks were made', async () => {
        // courtier: IMP, MED, CTX of C0001 (c1imp, c1med, c1ctx); grossiste: also C0003's CTX.
        expect((await unread('courtier')).unread).toBe(3);
        expect((await unread('grossiste')).unread).toBe(4);
        expect((await unread('courtier2')).unread).toBe(1);
        expect((await unread('user')).unread).toBe(1);
        expect((await unread('admin')).unread).toBe(0);
        const admin = await api('admin', 'PUT', '/api/account/alerts', {
          types: ['AFN', 'IMP', 'MED', 'CTX'],
          digest: false,
        });
        expect(admin.json()).toMatchObject({ unread: 6 });
      });

      it('empties when marked read, and counts what comes after', async () => {
        const before = await unread('courtier');
        const read = await api('courtier', 'POST', '/api/account/alerts/read', { upTo: before.upTo });
        expect(read.json()).toMatchObject({ unread: 0, upTo: before.upTo });
        expect((await unread('courtier')).unread).toBe(0);
        expect((await unread('grossiste')).unread).toBe(4);
        await addEvent(ctx().db, 'C0002', 'IMP', pol('c2imp'), 202);
        expect((await unread('courtier')).unread).toBe(0);
        await addEvent(ctx().db, 'C0001', 'IMP', pol('c1imp2'), 105);
        expect((await unread('courtier')).unread).toBe(1);
        const bad = await api('courtier', 'POST', '/api/account/alerts/read', { upTo: 'all' });
        expect(bad.statusCode).toBe(400);
        expect((await unread('courtier')).unread).toBe(1);
      });
    });

    describe('two digest runs at once', () => {
      it('mail each user once', async () => {
        await ctx().app.alertDigest.stop();
        await second.alertDigest.stop();
        const options = {
          db: ctx().db,
          baseUrl: 'https://extranet.example',
          tokens: createUnsubscribeTokens(TEST_JWT_SECRET),
        };
        // Whatever the stopped timers had not mailed yet goes first, in a period of its own.
        await runDigest(options, new Date('2099-01-01T07:00:00Z'));
        await new Promise((r) => setTimeout(r, 1500));
        await addEvent(ctx().db, 'C0002', 'AFN', pol('c2afn'), 203);
        const before = mailsTo('courtier2').length;
        const slot = new Date('2100-01-01T07:00:00Z');
        const reports = await Promise.all([runDigest(options, slot), runDigest(options, slot)]);
        // courtier2 (AFN, MED: c2imp is not theirs, c2afn is); user (AFN) sees only C0001.
        expect(reports.reduce((sum, r) => sum + r.mailed, 0)).toBe(1);
        expect(await until(() => mailsTo('courtier2').length === before + 1)).toBe(true);
        await new Promise((r) => setTimeout(r, 1500));
        expect(mailsTo('courtier2')).toHaveLength(before + 1);
        expect(policiesIn(mailsTo('courtier2').at(-1)!)).toEqual([pol('c2afn')]);
        expect((await runDigest(options, slot)).mailed).toBe(0);
      });
    });
  },
  { env: ENV },
);
