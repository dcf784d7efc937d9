/**
 * `/api/disputes` in the real app on the demo set (docs/disputes.md): a broker opens a dispute
 * from an anomaly, the back office (`gestion`) asks for more, the broker answers with a file,
 * the back office accepts a correction, and an imported statement line carrying it settles the
 * dispute; every step is in the thread, the audit trail and the mails (in the recipient's
 * language). Each refusal (foreign dispute, wrong role, late opening, late or second reopening,
 * bad amount, bad file, step out of turn) answers its status and changes nothing.
 */
import { generateDemoSet, toCsv } from '@extranet/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/data/import/index.ts';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import { forEachApp, outbox } from '../helpers.ts';

const today = '2025-06-15';
const set = generateDemoSet({ today });
const unpaid = set.anomalies.find((a) => a.regle === 'COMMISSION_NOT_PAID')!;
const duplicate = set.anomalies.find((a) => a.regle === 'CLAWBACK_DUPLICATE')!;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n').toString('base64');
const fakePdf = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');

interface Entry {
  kind: string;
  author: string;
  byInsurer: boolean;
  message: string;
  attachments: { id: number; name: string; mime: string; size: number }[];
}
interface Dispute {
  id: number;
  status: string;
  source: string;
  amountClaimed: number;
  idPolice: number | null;
  idBordereau: number | null;
  statementDate: string | null;
  deadline: string | null;
  correction: number | null;
  decisionReason: string | null;
  reopened: boolean;
  reopenDeadline: string | null;
  settledByBordereau: number | null;
  entries: Entry[];
}

let clock = Date.parse(`${today}T09:00:00Z`);
const day = 86_400_000;

describe('/api/disputes', () => {
  forEachApp(
    (_kind, ctx) => {
      beforeAll(async () => {
        await loadDemoData(ctx().db, { today });
        await ctx().db.query("update users set lang_key = 'en' where login = 'courtier'");
        // Each broker listens for answers to disputes: only its own reach it.
        await ctx().db.query(
          `insert into webhook_endpoint (user_id, url, events, secret)
           select id, 'https://hooks.example.invalid/' || login, '{dispute.answered}', 'whsec_test' from users
           where login in ('courtier', 'courtier2')`,
        );
      });
      const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
        ctx().app.inject({
          method,
          url,
          headers: await ctx().auth(login),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const anomalyId = async (regle: string) => {
        const [row] = await ctx().db.query<{ id: number }>(
          'select id from anomaly where regle = $1 limit 1',
          [regle],
        );
        return Number(row!.id);
      };
      /** Everything a refused step could have touched. */
      const state = async () => {
        const [row] = await ctx().db.query(
          `select (select md5(coalesce(string_agg(d::text, '|' order by d.id), '')) from dispute d) as d,
                  (select count(*)::int from dispute_entry) as e,
                  (select count(*)::int from dispute_attachment) as a,
                  (select count(*)::int from audit_events where event_type like 'DISPUTE_%') as audit,
                  (select count(*)::int from mail_outbox) as kept`,
        );
        return { ...row, mails: outbox(ctx().config).length };
      };
      /** A line of C0001's statement of May 2025 (sent 2025-05-31: open until 2025-08-29). */
      const recentLine = async () => {
        const [row] = await ctx().db.query<{ id: number }>(
          "select min(id) as id from commission_mouvement where id_bordereau = 1202505 and code_courtier_portail = 'C0001'",
        );
        return Number(row!.id);
      };
      const open = async (login: string, regle: string | 'LINE', extra: object = {}) =>
        call(login, 'POST', '/api/disputes', {
          ...(regle === 'LINE'
            ? { source: 'LINE', idMouvement: await recentLine() }
            : { source: 'ANOMALY', anomalyId: await anomalyId(regle) }),
          reason: 'MISSING_COMMISSION',
          amountClaimed: '52.23',
          message: 'La commission de novembre 2023 manque.',
          ...extra,
        });

      it('walks a dispute from an anomaly to its settlement by an imported statement', async () => {
        const opened = await open('courtier', 'COMMISSION_NOT_PAID', {
          attachments: [{ name: 'releve.pdf', content: pdf }],
        });
        expect(opened.statusCode, opened.body).toBe(201);
        const d = opened.json() as Dispute;
        expect(opened.headers.location).toBe(`/api/disputes/${d.id}`);
        expect(opened.headers['x-extranetapp-alert']).toBe('extranetApp.dispute.created');
        expect(d).toMatchObject({ status: 'OPEN', source: 'ANOMALY', amountClaimed: 52.23 });
        expect(String(d.idPolice)).toBe(unpaid.idPolice);
        // An unpaid commission has no line: its 90 days run from the broker's latest statement.
        expect(d.statementDate).toBe('2025-07-01');
        expect(d.deadline).toBe('2025-09-29');
        expect(d.entries).toMatchObject([
          {
            kind: 'OPENED',
            author: 'courtier',
            byInsurer: false,
            attachments: [{ name: 'releve.pdf', mime: 'application/pdf' }],
          },
        ]);
        // The back office is told, in French (its account's language).
        const toGestion = outbox(ctx().config).filter((m) => m.to === 'gestion@demo.extranet.example');
        // (Spaces aside: the helper's header decoding may split a folded encoded word.)
        const subjects = (to: string) =>
          outbox(ctx().config)
            .filter((m) => m.to === to)
            .map((m) => m.subject.replace(/\s/g, ''));
        expect(subjects('gestion@demo.extranet.example')).toEqual([`Litigen°${d.id}:aétéouvert`]);
        expect(toGestion[0]!.text).toContain('La commission de novembre 2023 manque.');

        const file = await call(
          'courtier',
          'GET',
          `/api/disputes/${d.id}/attachments/${d.entries[0]!.attachments[0]!.id}`,
        );
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.rawPayload.toString('base64')).toBe(pdf);

        const asked = await call('gestion', 'POST', `/api/disputes/${d.id}/decision`, {
          outcome: 'INFO_REQUESTED',
          message: 'Merci de joindre le bulletin de souscription.',
        });
        expect(asked.statusCode, asked.body).toBe(200);
        expect((asked.json() as Dispute).status).toBe('INFO_REQUESTED');
        // The broker reads English: so is its mail.
        expect(subjects('courtier@demo.extranet.example')).toEqual([`Dispute#${d.id}needsmoreinformation`]);

        const answered = await call('courtier', 'POST', `/api/disputes/${d.id}/messages`, {
          message: 'Voici le bulletin.',
          attachments: [{ name: 'bulletin.pdf', content: pdf }],
        });
        expect(answered.statusCode, answered.body).toBe(200);
        expect((answered.json() as Dispute).status).toBe('OPEN');

        const accepted = await call('gestion', 'POST', `/api/disputes/${d.id}/decision`, {
          outcome: 'ACCEPTED',
          message: 'Commission due : elle figurera sur le prochain bordereau.',
          correction: 52.23,
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(accepted.json()).toMatchObject({
          status: 'ACCEPTED',
          correction: 52.23,
          reopenDeadline: '2025-07-15',
        });

        const hooks = await ctx().db.query<{ url: string; payload: { idDispute: number; status: string } }>(
          `select e.url, d.payload from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
           where d.event_type = 'dispute.answered' order by d.id`,
        );
        expect(hooks.map((h) => [h.url, h.payload.idDispute, h.payload.status])).toEqual([
          ['https://hooks.example.invalid/courtier', d.id, 'INFO_REQUESTED'],
          ['https://hooks.example.invalid/courtier', d.id, 'ACCEPTED'],
        ]);

        // The next statement carries the correction: the import settles the dispute in its transaction.
        const template = set.mouvements.find(
          (m) => m.idPolice === unpaid.idPolice && m.typeBordereau === 'Définitif',
        )!;
        const line = {
          ...template,
          idBordereau: '1202505',
          mois: '2025-05-01',
          typeMouvement: 'ESC',
          libelleMouvement: 'Escompte année 1',
          periode: unpaid.periode,
          taux: set.policies.find((p) => p.idPolice === unpaid.idPolice)!.tauxCommissionAnnee1,
          montant: unpaid.montant,
        };
        await importFile(ctx().db, 'mouvements', 'm.csv', new TextEncoder().encode(toCsv([line])));
        const settled = (await call('courtier', 'GET', `/api/disputes/${d.id}`)).json() as Dispute;
        expect(settled).toMatchObject({
          status: 'SETTLED',
          settledByBordereau: 1202505,
          reopenDeadline: null,
        });
        expect(settled.entries.map((e) => [e.kind, e.author])).toEqual([
          ['OPENED', 'courtier'],
          ['INFO_REQUESTED', 'gestion'],
          ['MESSAGE', 'courtier'],
          ['ACCEPTED', 'gestion'],
          ['SETTLED', 'system'],
        ]);
        const audit = await ctx().db.query<{ principal: string; event_type: string }>(
          `select principal, event_type from audit_events where data->>'dispute' = $1 order by id`,
          [String(d.id)],
        );
        expect(audit.map((a) => `${a.principal} ${a.event_type}`)).toEqual([
          'courtier DISPUTE_OPENED',
          'gestion DISPUTE_INFO_REQUESTED',
          'courtier DISPUTE_MESSAGE',
          'gestion DISPUTE_ACCEPTED',
          'system DISPUTE_SETTLED',
        ]);
        // The settling statement finds the disputes it settled; another broker's view finds none.
        const settledHere = (
          await call('courtier', 'GET', '/api/disputes?settledBy=1202505')
        ).json() as Dispute[];
        expect(settledHere.map((x) => x.id)).toEqual([d.id]);
        const foreignView = await call('courtier2', 'GET', '/api/disputes?settledBy=1202505');
        expect(foreignView.headers['x-total-count']).toBe('0');
        expect(
          (await call('courtier', 'GET', '/api/disputes?settledBy=1202504')).headers['x-total-count'],
        ).toBe('0');
        expect((await call('courtier', 'GET', '/api/disputes?settledBy=abc')).statusCode).toBe(400);
        // The settlement mail is queued in the import's transaction, sent by the outbox's next run.
        const [kept] = await ctx().db.query<{ m: { to: string; subject: string } }>(
          "select message as m from mail_outbox where message->>'subject' like 'Dispute #%' ",
        );
        expect(kept?.m).toMatchObject({
          to: 'courtier@demo.extranet.example',
          subject: `Dispute #${d.id} is settled: a statement carries the correction`,
        });
      });

      it("keeps another broker's disputes invisible: not listed, 404 by id, 404 to write", async () => {
        const mine = (await call('courtier', 'GET', '/api/disputes')).json() as Dispute[];
        expect(mine.length).toBeGreaterThan(0);
        const id = mine[0]!.id;
        const before = await state();
        const other = await call('courtier2', 'GET', '/api/disputes');
        expect(other.statusCode).toBe(200);
        expect(other.headers['x-total-count']).toBe('0');
        expect((await call('courtier2', 'GET', `/api/disputes/${id}`)).statusCode).toBe(404);
        expect(
          (await call('courtier2', 'POST', `/api/disputes/${id}/messages`, { message: 'x' })).statusCode,
        ).toBe(404);
        // Opening on another broker's anomaly is as if it did not exist.
        const foreign = await open('courtier2', 'CLAWBACK_DUPLICATE');
        expect(foreign.statusCode).toBe(404);
        // The wholesaler of C0001 sees it; the back office sees all.
        expect((await call('grossiste', 'GET', `/api/disputes/${id}`)).statusCode).toBe(200);
        expect((await call('gestion', 'GET', '/api/disputes')).headers['x-total-count']).toBe(
          String(mine.length),
        );
        expect(await state()).toEqual(before);
      });

      it('refuses the wrong role with 403 and changes nothing', async () => {
        const { id } = ((await call('courtier', 'GET', '/api/disputes')).json() as Dispute[])[0]!;
        const before = await state();
        expect(
          (
            await call('courtier', 'POST', `/api/disputes/${id}/decision`, {
              outcome: 'REJECTED',
              message: 'non',
            })
          ).statusCode,
        ).toBe(403);
        expect((await open('gestion', 'LINE')).statusCode).toBe(403);
        expect((await call('user', 'GET', '/api/disputes')).statusCode).toBe(403);
        expect(
          (
            await call('user', 'POST', '/api/disputes', {
              source: 'POLICY',
              idPolice: 1,
              reason: 'OTHER',
              amountClaimed: 1,
              message: 'x',
            })
          ).statusCode,
        ).toBe(403);
        expect(await state()).toEqual(before);
      });

      it('refuses a late opening, a bad amount and a bad file with a clear 400, and changes nothing', async () => {
        const before = await state();
        const late = await open('courtier', 'CLAWBACK_DUPLICATE');
        expect(late.statusCode).toBe(400);
        expect(late.json()).toMatchObject({
          fieldErrors: [{ objectName: 'dispute', field: 'anomalyId', message: 'Deadline' }],
          params: { deadline: '2023-05-01' },
        });
        expect(duplicate.idBordereau).toBe('1202301');
        for (const amount of ['12.345', '-3', '0', 'abc', 1e20]) {
          const bad = await open('courtier', 'LINE', { amountClaimed: amount });
          expect(bad.statusCode, String(amount)).toBe(400);
          expect(bad.json().fieldErrors).toEqual([
            { objectName: 'dispute', field: 'amountClaimed', message: 'Amount' },
          ]);
        }
        const file = await open('courtier', 'LINE', {
          attachments: [
            { name: 'ok.pdf', content: pdf },
            { name: 'invoice.pdf', content: fakePdf },
          ],
        });
        expect(file.statusCode).toBe(400);
        expect(file.json()).toMatchObject({
          detail: 'invoice.pdf: its content is not what its name says',
          fieldErrors: [{ field: 'attachments[1]', message: 'FileType' }],
        });
        const exe = await open('courtier', 'LINE', { attachments: [{ name: 'setup.exe', content: pdf }] });
        expect(exe.json().fieldErrors).toEqual([
          { objectName: 'dispute', field: 'attachments[0]', message: 'FileType' },
        ]);
        const blank = await open('courtier', 'LINE', { message: '  ' });
        expect(blank.json().fieldErrors).toEqual([
          { objectName: 'dispute', field: 'message', message: 'NotBlank' },
        ]);
        expect(await state()).toEqual(before);
      });

      it('reopens a rejected dispute once within 30 days; a late or second reopening changes nothing', async () => {
        const d = (await open('grossiste', 'LINE')).json() as Dispute;
        const reject = () =>
          call('gestion', 'POST', `/api/disputes/${d.id}/decision`, {
            outcome: 'REJECTED',
            message: 'Déjà payée.',
          });
        const rejected = await reject();
        expect(rejected.json()).toMatchObject({
          status: 'REJECTED',
          decisionReason: 'Déjà payée.',
          reopenDeadline: '2025-07-15',
        });
        // A decided dispute takes no second decision.
        let before = await state();
        const again = await reject();
        expect(again.statusCode).toBe(400);
        expect(again.json().fieldErrors).toEqual([
          { objectName: 'dispute', field: 'outcome', message: 'Status' },
        ]);
        expect(await state()).toEqual(before);

        clock += 31 * day;
        before = await state();
        const late = await call('grossiste', 'POST', `/api/disputes/${d.id}/messages`, {
          message: 'Je conteste.',
          reopen: true,
        });
        expect(late.statusCode).toBe(400);
        expect(late.json()).toMatchObject({
          detail: 'A decision is reopened within 30 days only',
          fieldErrors: [{ field: 'reopen', message: 'Reopen' }],
        });
        expect(await state()).toEqual(before);

        clock -= 2 * day;
        const reopened = await call('grossiste', 'POST', `/api/disputes/${d.id}/messages`, {
          message: 'Je conteste.',
          reopen: true,
        });
        expect(reopened.statusCode, reopened.body).toBe(200);
        expect(reopened.json()).toMatchObject({ status: 'OPEN', reopened: true, decisionReason: null });
        await reject();
        before = await state();
        const second = await call('grossiste', 'POST', `/api/disputes/${d.id}/messages`, {
          message: 'Encore.',
          reopen: true,
        });
        expect(second.json()).toMatchObject({ detail: 'A dispute is reopened once only' });
        expect(await state()).toEqual(before);
        clock -= 29 * day;
      });

      it('pages, filters by status and broker, and sorts', async () => {
        const all = await call('gestion', 'GET', '/api/disputes?size=1&sort=amountClaimed,desc');
        expect(all.headers['x-total-count']).toBe('2');
        expect(all.headers.link).toContain('rel="next"');
        const byStatus = (await call('gestion', 'GET', '/api/disputes?status=SETTLED')).json() as Dispute[];
        expect(byStatus.map((d) => d.status)).toEqual(['SETTLED']);
        const byBroker = await call('gestion', 'GET', '/api/disputes?codeCourtier=C0002');
        expect(byBroker.headers['x-total-count']).toBe('0');
        expect((await call('gestion', 'GET', '/api/disputes?status=NOPE')).statusCode).toBe(400);
        expect((await call('gestion', 'GET', '/api/disputes?sort=secret,asc')).statusCode).toBe(400);
      });
    },
    { now: () => clock },
  );
});
