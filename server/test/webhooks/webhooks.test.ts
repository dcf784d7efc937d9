/**
 * Webhooks end to end on both databases: registration (its refusals), the events an import makes,
 * their deliveries to a real HTTP receiver verified with an independent Standard Webhooks
 * implementation, row scope (another broker's event is never sent), the delivery log and a
 * redelivery, retries with a failed endpoint switched off and its owner mailed, and the
 * endpoint's privacy (another user's is 404; personal access tokens are refused).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importFile } from '../../src/data/import/index.ts';
import { emitWebhookEvent } from '../../src/webhooks/emit.ts';
import { seed } from '../entities/seed.ts';
import { forEachApp, outbox } from '../helpers.ts';
import { type Receiver, startReceiver, verifyStandardWebhook } from './receiver.ts';

type Hook = {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  failures: number;
  disabledReason: string | null;
};
type Delivery = {
  id: number;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
};

const json = (rows: readonly object[]) => Buffer.from(JSON.stringify(rows));
const broker = (code: string, grossiste: string) => ({
  codeCourtierPortail: code,
  codeCourtierGrossistePortail: grossiste,
});

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

forEachApp(
  (kind, ctx) => {
    // Ids apart per database kind: both suites share the receiver.
    const base = kind === 'pglite' ? 9_100_000 : 9_200_000;
    const at = (path: string) => `${receiver.url}/${kind}${path}`;
    const call = async (login: string, method: string, url: string, payload?: object) =>
      ctx().app.inject({
        method: method as 'GET',
        url,
        headers: await ctx().auth(login),
        ...(payload ? { payload } : {}),
      });
    const register = async (login: string, path: string, events: string[]) => {
      const response = await call(login, 'POST', '/api/webhooks', { url: at(path), events });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Hook & { secret: string };
    };
    const hooks = () => ctx().db.query<{ id: string }>('select id from webhook_endpoint');
    const send = async () => {
      await ctx().app.webhookDeliveries.run();
    };
    const ALL = ['statement.created', 'policy.event', 'anomaly.found'];
    const secrets = new Map<string, string>();

    beforeAll(async () => {
      await seed(ctx().db);
      // The timer stays off: each test sends the due deliveries itself.
      await ctx().app.webhookDeliveries.stop();
      for (const login of ['courtier', 'courtier2', 'grossiste'])
        secrets.set(login, (await register(login, `/ok/${login}`, ALL)).secret);
    });

    it('shows the secret once, lists the endpoint without it, and sends each import event once, signed', async () => {
      const listed = (await call('courtier', 'GET', '/api/webhooks')).json() as Hook[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ url: at('/ok/courtier'), events: ALL, enabled: true, failures: 0 });
      expect(listed[0]).not.toHaveProperty('secret');
      expect(secrets.get('courtier')).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

      await importFile(
        ctx().db,
        'commissions',
        'c.json',
        json([
          { idBordereau: base + 1, ...broker('C0001', 'G0001'), mois: '2026-05-01', montant: 120.5 },
          { idBordereau: base + 2, ...broker('C0002', 'G0002'), mois: '2026-05-01', montant: 80 },
        ]),
      );
      await send();

      const got = receiver.on(`/${kind}/ok/courtier`);
      const statements = got.filter((r) => r.event.type === 'statement.created');
      expect(statements.map((r) => r.event.data)).toEqual([
        { idBordereau: base + 1, mois: '2026-05-01', typeBordereau: null, codeCourtierPortail: 'C0001' },
      ]);
      for (const r of got) {
        expect(await verifyStandardWebhook(secrets.get('courtier')!, r.headers, r.body)).toBe(true);
        expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
        expect(r.headers['content-type']).toBe('application/json');
      }
      // A tampered body or another endpoint's secret does not verify.
      const [first] = statements;
      const tampered = first!.body.replace(String(base + 1), String(base + 2));
      expect(await verifyStandardWebhook(secrets.get('courtier')!, first!.headers, tampered)).toBe(false);
      expect(await verifyStandardWebhook(secrets.get('courtier')!, first!.headers, `${first!.body} `)).toBe(
        false,
      );
      expect(await verifyStandardWebhook(secrets.get('courtier2')!, first!.headers, first!.body)).toBe(false);

      // Row scope: courtier2 gets its own statement only; the wholesaler G0001 gets C0001's, not C0002's.
      const of = (login: string) =>
        receiver
          .on(`/${kind}/ok/${login}`)
          .filter((r) => r.event.type === 'statement.created')
          .map((r) => r.event.data.idBordereau);
      expect(of('courtier2')).toEqual([base + 2]);
      expect(of('grossiste')).toEqual([base + 1]);

      // Once: another run sends nothing more.
      const count = receiver.received.length;
      await send();
      expect(receiver.received.length).toBe(count);
    });

    it('sends IMP events and new anomalies of its own policies only; another broker’s never', async () => {
      const policy = (id: number, code: string, grossiste: string, extra: object = {}) => ({
        idPolice: id,
        police: `W${id}`,
        ...broker(code, grossiste),
        motifResil: 'Actif',
        statutPaiement: 'A jour',
        ...extra,
      });
      await importFile(
        ctx().db,
        'police',
        'p.json',
        json([
          policy(base + 11, 'C0001', 'G0001'),
          policy(base + 12, 'C0002', 'G0002'),
          policy(base + 13, 'C0001', 'G0001', { dateEffet: '2024-01-01', dateResil: '2025-01-01' }),
        ]),
      );
      await importFile(
        ctx().db,
        'police',
        'p.json',
        json([
          policy(base + 11, 'C0001', 'G0001', { statutPaiement: 'Impayé' }),
          policy(base + 12, 'C0002', 'G0002', { statutPaiement: 'Impayé' }),
        ]),
      );
      // A line paid after the policy's termination: an anomaly of C0001.
      await importFile(
        ctx().db,
        'mouvements',
        'm.json',
        json([
          {
            idBordereau: base + 1,
            idPolice: base + 13,
            typeMouvement: 'L',
            mois: '2026-05-01',
            periode: '2025-06-01',
            montant: 10,
            ...broker('C0001', 'G0001'),
          },
        ]),
      );
      await send();

      const events = (login: string, type: string) =>
        receiver
          .on(`/${kind}/ok/${login}`)
          .filter((r) => r.event.type === type)
          .map((r) => r.event.data);
      expect(events('courtier', 'policy.event')).toEqual([
        expect.objectContaining({
          typeMessage: 'IMP',
          idPolice: base + 11,
          police: `W${base + 11}`,
          codeCourtierPortail: 'C0001',
        }),
      ]);
      expect(events('courtier2', 'policy.event')).toEqual([
        expect.objectContaining({ typeMessage: 'IMP', idPolice: base + 12 }),
      ]);
      expect(events('courtier', 'anomaly.found')).toContainEqual(
        expect.objectContaining({
          regle: 'PAID_AFTER_TERMINATION',
          idPolice: base + 13,
          idBordereau: base + 1,
          periode: '2025-06-01',
        }),
      );
      // Each receiver got its own rows only (the wholesaler G0001: those of C0001 and C0003).
      const own = { courtier: ['C0001'], courtier2: ['C0002'], grossiste: ['C0001', 'C0003'] };
      for (const [login, codes] of Object.entries(own))
        for (const r of receiver.on(`/${kind}/ok/${login}`))
          expect(codes, login).toContain(r.event.data.codeCourtierPortail);
      expect(events('courtier2', 'anomaly.found').map((d) => d.idPolice)).not.toContain(base + 13);
      // The anomaly already known is not sent again by the next import.
      const before = events('courtier', 'anomaly.found').length;
      await importFile(ctx().db, 'police', 'p.json', json([policy(base + 14, 'C0001', 'G0001')]));
      await send();
      expect(events('courtier', 'anomaly.found')).toHaveLength(before);
    });

    it("another part's event (a dispute answered) is sent when its transaction commits, to owners in scope", async () => {
      const hook = await register('courtier', '/ok/disputes', ['dispute.answered']);
      const scope = (code: string, grossiste: string) => ({
        codeCourtierPortail: code,
        codeCourtierGrossistePortail: grossiste,
      });
      await ctx().db.transaction(async (tx) => {
        await emitWebhookEvent(tx, {
          type: 'dispute.answered',
          scope: scope('C0001', 'G0001'),
          payload: { idDispute: 1 },
        });
        await emitWebhookEvent(tx, {
          type: 'dispute.answered',
          scope: scope('C0002', 'G0002'),
          payload: { idDispute: 2 },
        });
      });
      await ctx()
        .db.transaction(async (tx) => {
          await emitWebhookEvent(tx, {
            type: 'dispute.answered',
            scope: scope('C0001', 'G0001'),
            payload: { idDispute: 3 },
          });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await send();
      expect(receiver.on(`/${kind}/ok/disputes`).map((r) => r.event)).toEqual([
        { type: 'dispute.answered', timestamp: expect.any(String), data: { idDispute: 1 } },
      ]);
      await call('courtier', 'DELETE', `/api/webhooks/${hook.id}`);
    });

    it('logs each delivery with its status; "send again" sends the same message id once more', async () => {
      const [hook] = (await call('courtier', 'GET', '/api/webhooks')).json() as Hook[];
      const log = (
        await call('courtier', 'GET', `/api/webhooks/${hook!.id}/deliveries`)
      ).json() as Delivery[];
      const statement = log.find((d) => d.eventType === 'statement.created')!;
      expect(statement).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 204 });
      const again = await call(
        'courtier',
        'POST',
        `/api/webhooks/${hook!.id}/deliveries/${statement.id}/redeliver`,
      );
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({ messageId: statement.messageId, status: 'pending', attempts: 0 });
      await send();
      const sent = receiver
        .on(`/${kind}/ok/courtier`)
        .filter((r) => r.headers['webhook-id'] === statement.messageId);
      expect(sent).toHaveLength(2);
      expect(sent[1]!.body).toBe(sent[0]!.body);
      const after = (
        await call('courtier', 'GET', `/api/webhooks/${hook!.id}/deliveries`)
      ).json() as Delivery[];
      expect(after[0]).toMatchObject({ id: (again.json() as Delivery).id, status: 'delivered', attempts: 1 });
    });

    it('retries a failing endpoint, marks the delivery failed, switches the endpoint off and mails its owner', async () => {
      const failing = await register('courtier', '/fail/courtier', ['statement.created']);
      await importFile(
        ctx().db,
        'commissions',
        'c.json',
        json([{ idBordereau: base + 3, ...broker('C0001', 'G0001'), mois: '2026-06-01', montant: 10 }]),
      );
      // WEBHOOK_RETRY_SECONDS=0: each run is a new attempt; MAX_ATTEMPTS=3 and DISABLE_AFTER=3.
      for (let run = 1; run <= 3; run++) await send();
      expect(receiver.on(`/${kind}/fail/courtier`)).toHaveLength(3);
      const [log] = (
        await call('courtier', 'GET', `/api/webhooks/${failing.id}/deliveries`)
      ).json() as Delivery[];
      expect(log).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 500 });
      const hook = (await call('courtier', 'GET', `/api/webhooks/${failing.id}`)).json() as Hook;
      expect(hook).toMatchObject({ enabled: false, failures: 3 });
      expect(hook.disabledReason).toContain('HTTP 500');
      await send();
      expect(receiver.on(`/${kind}/fail/courtier`)).toHaveLength(3);

      await ctx().app.services.outbox.retry();
      const notice = outbox(ctx().config).find(
        (m) => m.to.includes('courtier@') && m.subject === 'Webhook extranet désactivé',
      );
      expect(notice?.text).toContain(`${at('/fail/courtier')}`);

      // Switched on again: its failures start again from 0.
      const on = await call('courtier', 'PUT', `/api/webhooks/${failing.id}`, {
        url: failing.url,
        events: ['statement.created'],
        enabled: true,
      });
      expect(on.json()).toMatchObject({ enabled: true, failures: 0, disabledReason: null });
      const metrics = await call('admin', 'GET', '/management/prometheus');
      expect(metrics.body).toMatch(/^extranet_webhook_deliveries_total\{outcome="disabled"\} [1-9]/m);
      expect(metrics.body).toMatch(/^extranet_webhook_deliveries_total\{outcome="delivered"\} [1-9]/m);
      await call('courtier', 'DELETE', `/api/webhooks/${failing.id}`);
    });

    it("another user's endpoint is 404 for every route, and stays as it was", async () => {
      const [hook] = (await call('courtier', 'GET', '/api/webhooks')).json() as Hook[];
      const [delivery] = (
        await call('courtier', 'GET', `/api/webhooks/${hook!.id}/deliveries`)
      ).json() as Delivery[];
      const body = { url: at('/ok/stolen'), events: ['statement.created'] };
      for (const [method, url, payload] of [
        ['GET', `/api/webhooks/${hook!.id}`],
        ['PUT', `/api/webhooks/${hook!.id}`, body],
        ['DELETE', `/api/webhooks/${hook!.id}`],
        ['GET', `/api/webhooks/${hook!.id}/deliveries`],
        ['POST', `/api/webhooks/${hook!.id}/deliveries/${delivery!.id}/redeliver`],
      ] as const) {
        const response = await call('courtier2', method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call('courtier2', 'GET', '/api/webhooks')).json()).toHaveLength(1);
      const still = (await call('courtier', 'GET', `/api/webhooks/${hook!.id}`)).json() as Hook;
      expect(still).toMatchObject({ url: at('/ok/courtier'), events: ALL });
    });

    it('refuses bad bodies and events the caller may not read, storing nothing', async () => {
      const before = (await hooks()).length;
      const refused: [string, object, string][] = [
        ['courtier', { url: at('/x'), events: [] }, ''],
        ['courtier', { url: at('/x'), events: ['statement.deleted'] }, ''],
        ['courtier', { url: 'ftp://example.com/x', events: ['policy.event'] }, 'url'],
        ['courtier', { url: 'not an address', events: ['policy.event'] }, 'url'],
        ['courtier', { url: 'https://user:pw@example.com/x', events: ['policy.event'] }, 'url'],
        // portefeuille does not read statements (no ROLE_COMPTA).
        ['portefeuille', { url: at('/x'), events: ['statement.created'] }, 'events'],
      ];
      for (const [login, body, field] of refused) {
        const response = await call(login, 'POST', '/api/webhooks', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.headers['content-type']).toContain('application/problem+json');
        if (field)
          expect(
            (response.json() as { fieldErrors: { field: string }[] }).fieldErrors.map((f) => f.field),
          ).toEqual([field]);
      }
      expect((await hooks()).length).toBe(before);
    });

    it('is closed to personal access tokens, whatever their scope', async () => {
      const made = await call('courtier', 'POST', '/api/account/tokens', {
        name: 'CRM',
        scope: 'read+export',
        expiresInDays: 7,
      });
      const token = (made.json() as { token: string }).token;
      const bearer = { authorization: `Bearer ${token}` };
      const before = (await hooks()).length;
      for (const [method, payload] of [
        ['GET'],
        ['POST', { url: at('/ok/t'), events: ['policy.event'] }],
      ] as const) {
        const response = await ctx().app.inject({
          method,
          url: '/api/webhooks',
          headers: bearer,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, method).toBe(403);
      }
      expect((await hooks()).length).toBe(before);
    });
  },
  {
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '0',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_DISABLE_AFTER: '3',
    },
  },
);
