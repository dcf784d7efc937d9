/**
 * GET /api/dashboard as every demo account, on the demo set and on a generated set: each figure
 * equals what the caller's own scoped lists say (statements, clawback lines, policies, events),
 * so no other broker's row can be counted; parts outside the caller's roles are null.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/insight/dashboard.ts';
import { type TestDb, targets } from '../entities/harness.ts';
import { cents, DATA_SETS, get, insightApp, sumCents, type UserName, users } from './harness.ts';

const ACCOUNTS = Object.keys(users) as UserName[];
type Line = { readonly montant: number; readonly idPolice: number };

const total = async (app: FastifyInstance, user: UserName, url: string) => {
  const response = await get(app, user, url);
  expect(response.statusCode).toBe(200);
  return Number(response.headers['x-total-count']);
};
const rows = async (app: FastifyInstance, user: UserName, url: string) => {
  const response = await get(app, user, url);
  expect(response.statusCode).toBe(200);
  return response.json() as Line[];
};
/** Every page of a statement list (its largest page is 24 rows). */
const allRows = async (app: FastifyInstance, user: UserName, url: string) => {
  const all: Line[] = [];
  for (let page = 0; ; page++) {
    const batch = await rows(app, user, `${url}&size=24&page=${page}`);
    all.push(...batch);
    if (batch.length < 24) return all;
  }
};
const must = <T>(value: T | null): T => {
  expect(value).not.toBeNull();
  return value as T;
};
const monthEnd = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

async function checkEqualities(app: FastifyInstance, user: UserName, d: Dashboard) {
  const roles = users[user].authorities;
  const compta = roles.includes('ROLE_COMPTA') || roles.includes('ROLE_ADMIN');
  const portfolio = roles.includes('ROLE_PORTEFEUILLE') || roles.includes('ROLE_ADMIN');
  if (compta) {
    const months = must(d.months);
    const clawback = must(d.clawback);
    expect(months).toHaveLength(12);
    for (const month of months) {
      // Paid: the statement list's own total (forecasts excluded) for that month.
      const paid = await get(app, user, `/api/commissions?mois.equals=${month.mois}`);
      expect(cents(month.paid), `${user} paid ${month.mois}`).toBe(
        cents(paid.headers['x-total-amount'] as string),
      );
      const forecasts = await allRows(
        app,
        user,
        `/api/commissions?mois.equals=${month.mois}&typeBordereau.equals=Prévisionnel`,
      );
      expect(cents(month.forecast), `${user} forecast ${month.mois}`).toBe(
        sumCents(forecasts.map((s) => s.montant)),
      );
    }
    const last = monthEnd(months[11]!.mois);
    const lines = await rows(
      app,
      user,
      `/api/commission-mouvements?typeMouvement.equals=REP&mois.gte=${months[0]!.mois}&mois.lte=${last}&size=10000`,
    );
    expect(cents(clawback.montant), `${user} clawback`).toBe(sumCents(lines.map((l) => l.montant)));
    expect(clawback.lines).toBe(lines.length);
    expect(clawback.policies).toBe(new Set(lines.map((l) => l.idPolice)).size);
    for (const policy of clawback.top) {
      const own = lines.filter((l) => l.idPolice === policy.idPolice);
      expect(cents(policy.montant)).toBe(sumCents(own.map((l) => l.montant)));
    }
  } else {
    expect(d.months).toBeNull();
    expect(d.clawback).toBeNull();
  }
  if (portfolio) {
    const month = d.month;
    const policies = must(d.policies);
    expect(policies.inForce).toBe(await total(app, user, '/api/police?statut.equals=En%20cours'));
    expect(policies.newThisMonth).toBe(
      await total(app, user, `/api/police?dateEffet.gte=${month}&dateEffet.lte=${monthEnd(month)}`),
    );
    expect(policies.terminatedThisMonth).toBe(
      await total(app, user, `/api/police?dateResil.gte=${month}&dateResil.lte=${monthEnd(month)}`),
    );
  } else expect(d.policies).toBeNull();
  for (const event of d.events) {
    const listed = await rows(
      app,
      user,
      `/api/timelines?type=${event.type}&time.gte=${encodeURIComponent(d.since)}&size=10`,
    );
    const count = await total(
      app,
      user,
      `/api/timelines?type=${event.type}&time.gte=${encodeURIComponent(d.since)}`,
    );
    expect(event.events, `${user} ${event.type}`).toBe(count);
    expect(listed.length).toBe(Math.min(10, count));
    // Every linked policy is one the caller may open.
    for (const id of event.idPolices.slice(0, 5)) {
      const detail = await get(app, portfolio ? user : 'admin', `/api/police/${id}`);
      expect(detail.statusCode).toBe(200);
      if (!roles.includes('ROLE_ADMIN') && users[user].codeCourtier) {
        const codes = [detail.json().codeCourtierPortail, detail.json().codeCourtierGrossistePortail];
        expect(codes).toContain(users[user].codeCourtier);
      }
    }
  }
  if (roles.includes('ROLE_GROSSISTE')) {
    const brokers = must(d.brokers);
    const months = must(d.months);
    expect(brokers.top.length).toBe(Math.min(10, brokers.count));
    const paid = brokers.top.map((b) => cents(b.paid));
    expect(paid).toEqual([...paid].sort((a, b) => b - a));
    const allPaid = sumCents(months.map((m) => m.paid));
    if (brokers.count <= 10) {
      expect(brokers.top.reduce((s, b) => s + (b.inForce ?? 0), 0)).toBe(must(d.policies).inForce);
      expect(sumCents(brokers.top.map((b) => b.clawback))).toBe(cents(must(d.clawback).montant));
      expect(sumCents(brokers.top.map((b) => b.paid))).toBe(allPaid);
    }
  } else expect(d.brokers).toBeNull();
}

describe.each(targets)('dashboard on $name', (target) => {
  describe.each(Object.keys(DATA_SETS) as (keyof typeof DATA_SETS)[])('the %s set', (set) => {
    let testDb: TestDb;
    let app: FastifyInstance;
    beforeAll(async () => {
      testDb = await target.open();
      await DATA_SETS[set](testDb.db);
      app = await insightApp(testDb.db);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.cleanup();
    });

    it.each(ACCOUNTS)(
      'adds up for %s within its scope',
      async (user) => {
        const response = await get(app, user, '/api/dashboard');
        if (user === 'user') {
          expect(response.statusCode).toBe(403);
          return;
        }
        expect(response.statusCode).toBe(200);
        const d = response.json();
        expect(d.today).toBe('2026-10-20');
        expect(d.months?.[11]?.mois ?? '2026-11-01').toBe('2026-11-01');
        await checkEqualities(app, user, d);
      },
      60_000,
    );

    it('shows figures, and none of another broker', async () => {
      const mine = (await get(app, 'courtier', '/api/dashboard')).json();
      expect(mine.policies.inForce).toBeGreaterThan(0);
      expect(mine.months.some((m: { paid: number }) => m.paid !== 0)).toBe(true);
      // The demo set's brokers have events of every kind; 16 policies a broker may have none.
      if (set === 'demo') expect(mine.events.some((e: { events: number }) => e.events > 0)).toBe(true);
      // Another broker's clawback and event do not move courtier's figures.
      await testDb.db.query(
        `insert into commission_mouvement (code_courtier_portail, code_courtier_grossiste_portail, id_bordereau,
           type_bordereau, mois, id_police, type_mouvement, libelle_mouvement, montant)
         values ('C0002', 'G0002', 999999, 'Définitif', $1, 1, 'REP', 'Reprise sur escompte', -12345.67)`,
        [mine.months[5].mois],
      );
      await testDb.db.query(
        `insert into timeline_event (code_courtier_portail, code_courtier_grossiste_portail, time, id_police, type_message)
         values ('C0002', 'G0002', $1, 1, 'IMP')`,
        [new Date(Date.parse(mine.since) + 3_600_000).toISOString()],
      );
      const again = (await get(app, 'courtier', '/api/dashboard')).json();
      expect(again).toEqual(mine);
      const other = (await get(app, 'courtier2', '/api/dashboard')).json();
      expect(other.events.find((e: { type: string }) => e.type === 'IMP').idPolices).toContain(1);
      await testDb.db.query('delete from commission_mouvement where id_bordereau = 999999');
      await testDb.db.query('delete from timeline_event where id_police = 1');
    });
  });
});
