/**
 * Data protection through the real app (docs/security.md "Data protection"): every detail view,
 * NIR reveal, export and personal-data answer is recorded and read back by an administrator;
 * the NIR is masked everywhere but a recorded reveal and exports to `nir.reveal`; another
 * broker's insured person is a 404 that records nothing; anonymisation keeps the statements'
 * money equalities; refusals change nothing.
 */

import { resources } from '@extranet/core/i18n/resources.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import type { Db } from '../../src/db/types.ts';
import { applyRetention } from '../../src/personal-data/retention-job.ts';
import { recapMismatches, totalMismatches } from '../data/money-equalities.ts';
import { forEachApp } from '../helpers.ts';

const MASKED = /^\d \d\d \d\d •• ••• ••• \d\d$/;
const AGENT = { 'user-agent': 'data-protection-test/1.0' };

interface Person {
  readonly idAssure: number;
  readonly idPolice: number;
  readonly nir: string;
  readonly nomprenom: string;
}

async function personOf(db: Db, where: string): Promise<Person> {
  const [row] = await db.query<{
    id_assure: number;
    id_police: number;
    numero_secu: string;
    nomprenom: string;
  }>(
    `select pa.id_assure, pa.id_police, pa.numero_secu, pa.nomprenom from police_assure pa
       join police p using (id_police) where ${where} order by pa.id_assure limit 1`,
  );
  if (!row) throw new Error(`no insured person where ${where}`);
  return {
    idAssure: Number(row.id_assure),
    idPolice: Number(row.id_police),
    nir: row.numero_secu,
    nomprenom: row.nomprenom,
  };
}

/** The text a pdfkit PDF shows (its TJ arrays of hexadecimal WinAnsi strings), a line per TJ. */
const pdfText = (bytes: Buffer) =>
  [...bytes.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)]
    .map(([, arr]) =>
      [...arr!.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');

const accessCount = async (db: Db) =>
  Number((await db.query<{ n: number }>('select count(*)::int n from personal_data_access'))[0]!.n);

describe('personal data', () => {
  forEachApp((_kind, ctx) => {
    let holder: Person;
    let running: Person;
    let ended: Person;
    const get = async (url: string, login: string) =>
      ctx().app.inject({ method: 'GET', url, headers: { ...AGENT, ...(await ctx().auth(login)) } });
    const post = async (url: string, login: string, payload: unknown = {}) =>
      ctx().app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { ...AGENT, ...(await ctx().auth(login)) },
      });
    const log = async (idAssure: number) => {
      const response = await get(`/api/police-assures/${idAssure}/access-log`, 'admin');
      expect(response.statusCode).toBe(200);
      return response.json() as {
        login: string;
        kind: string;
        ip: string;
        userAgent: string;
        idPolice: number;
        idAssure: number | null;
      }[];
    };

    beforeAll(async () => {
      await loadDemoData(ctx().db, { today: '2025-06-15' });
      const runs = 'pa.date_resil is null and p.date_resil is null';
      running = await personOf(ctx().db, `pa.code_courtier_portail = 'C0001' and pa.rang = 2 and ${runs}`);
      holder = await personOf(ctx().db, `pa.id_police = ${running.idPolice} and pa.rang = 1 and ${runs}`);
      ended = await personOf(
        ctx().db,
        `pa.code_courtier_portail = 'C0001' and pa.rang = 1 and p.date_resil < current_date - interval '6 years'`,
      );
    }, 120_000);

    it('records each view of an insured person and of their policy, for the administrator to read', async () => {
      const detail = await get(`/api/police-assures/${holder.idAssure}`, 'courtier');
      expect(detail.statusCode).toBe(200);
      expect(detail.json().numeroSecu).toMatch(MASKED);
      expect(detail.json().numeroSecu).toBe(
        `${holder.nir.slice(0, 1)} ${holder.nir.slice(1, 3)} ${holder.nir.slice(3, 5)} •• ••• ••• ${holder.nir.slice(13)}`,
      );
      expect((await get(`/api/police/${holder.idPolice}`, 'courtier')).statusCode).toBe(200);
      const events = await log(holder.idAssure);
      expect(events.slice(0, 2).map((e) => [e.login, e.kind, e.idAssure, e.idPolice])).toEqual([
        ['courtier', 'detail', null, holder.idPolice],
        ['courtier', 'detail', holder.idAssure, null],
      ]);
      expect(events[0]!.userAgent).toBe('data-protection-test/1.0');
      expect(events[0]!.ip).toBe('127.0.0.1');
      // The policy's view is in its other insured persons' answers too, not the holder's own view.
      const other = await log(running.idAssure);
      expect(other.map((e) => e.kind)).toEqual(['detail']);
    });

    it("answers another broker's person with 404 and records nothing", async () => {
      const before = await accessCount(ctx().db);
      for (const url of [
        `/api/police-assures/${holder.idAssure}`,
        `/api/police/${holder.idPolice}`,
        `/api/police-assures/${holder.idAssure}/personal-data`,
        `/api/police-assures/${holder.idAssure}/personal-data?format=pdf`,
      ])
        expect((await get(url, 'courtier2')).statusCode, url).toBe(404);
      expect((await post(`/api/police-assures/${holder.idAssure}/nir`, 'courtier2')).statusCode).toBe(403);
      expect((await get(`/api/police-assures/${holder.idAssure}/access-log`, 'courtier')).statusCode).toBe(
        403,
      );
      expect((await post(`/api/police-assures/${holder.idAssure}/anonymise`, 'courtier')).statusCode).toBe(
        403,
      );
      expect((await get('/api/police-assures/999999999/access-log', 'admin')).statusCode).toBe(404);
      expect(await accessCount(ctx().db)).toBe(before);
    });

    it('masks the NIR in lists, the search and exports, except exports to nir.reveal', async () => {
      const list = await get('/api/police-assures?size=20', 'courtier');
      const rows = list.json() as { numeroSecu: string | null }[];
      expect(rows.length).toBe(20);
      for (const row of rows) if (row.numeroSecu !== null) expect(row.numeroSecu).toMatch(MASKED);
      // Searching the hidden digits finds nothing: the search reads what the list shows.
      expect((await get(`/api/police-assures?q=${holder.nir}`, 'courtier')).json()).toEqual([]);
      expect(
        (await get(`/api/police-assures?numeroSecu.contains=${holder.nir.slice(5, 12)}`, 'courtier')).json(),
      ).toEqual([]);
      const before = await accessCount(ctx().db);
      const whole = await get(
        `/api/police-assures/export.csv?idAssure.equals=${holder.idAssure}`,
        'courtier',
      );
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toContain(holder.nir);
      const masked = await get('/api/police-assures/export.csv?size=5', 'courtier2');
      expect(masked.statusCode).toBe(200);
      expect(masked.body).toMatch(/\d \d\d \d\d •• ••• ••• \d\d/);
      expect(masked.body).not.toMatch(/;\d{15};/);
      expect(await accessCount(ctx().db)).toBe(before + 2);
      const [last] = await ctx().db.query<{ login: string; kind: string; detail: string }>(
        'select login, kind, detail from personal_data_access order by id desc limit 1',
      );
      expect(last).toEqual({
        login: 'courtier2',
        kind: 'export',
        detail: '/api/police-assures/export.csv?size=5',
      });
    });

    it('reveals the whole NIR to nir.reveal on request, and records it', async () => {
      const reveal = await post(`/api/police-assures/${holder.idAssure}/nir`, 'courtier');
      expect(reveal.statusCode).toBe(200);
      expect(reveal.json()).toEqual({ idAssure: holder.idAssure, numeroSecu: holder.nir });
      expect((await log(holder.idAssure))[0]).toMatchObject({ login: 'courtier', kind: 'nir_reveal' });
      const before = await accessCount(ctx().db);
      // A portfolio user without ROLE_COORD may not; an unknown person is a 404.
      expect((await post(`/api/police-assures/${holder.idAssure}/nir`, 'portefeuille')).statusCode).toBe(403);
      expect((await post('/api/police-assures/999999999/nir', 'courtier')).statusCode).toBe(404);
      expect(await accessCount(ctx().db)).toBe(before);
    });

    it('answers an access request with everything held about the person, as JSON and PDF', async () => {
      // A dispute opened on their policy names them: its thread is held about them too. One
      // naming someone else on the same policy is not theirs.
      const [dispute] = await ctx().db.query<{ id: number }>(
        `insert into dispute (code_courtier_portail, source, id_police, nomprenom, reason, amount_claimed, status, opened_by)
         values ('C0001', 'POLICY', $1, $2, 'RATE', 12.5, 'OPEN', 'courtier') returning id::int as id`,
        [holder.idPolice, holder.nomprenom],
      );
      await ctx().db.query(
        `insert into dispute (code_courtier_portail, source, id_police, nomprenom, reason, amount_claimed, status, opened_by)
         values ('C0001', 'POLICY', $1, 'Quelqu''un d''autre', 'RATE', 3, 'OPEN', 'courtier')`,
        [holder.idPolice],
      );
      await ctx().db.query(
        `insert into dispute_entry (dispute_id, kind, author, by_insurer, message)
         values ($1, 'OPENED', 'courtier', false, 'Taux de commission erroné sur ce contrat')`,
        [dispute!.id],
      );
      const response = await get(`/api/police-assures/${holder.idAssure}/personal-data`, 'courtier');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `donnees-personnelles-${holder.idAssure}.json`,
      );
      const data = response.json();
      expect(data.insured).toMatchObject({
        idAssure: holder.idAssure,
        nomprenom: holder.nomprenom,
        numeroSecu: holder.nir,
      });
      expect(data.policy.idPolice).toBe(holder.idPolice);
      const events = await ctx().db.query<{ n: number }>(
        'select count(*)::int n from timeline_event where id_police = $1 and (id_assure is null or id_assure = $2)',
        [holder.idPolice, holder.idAssure],
      );
      expect(data.events.length).toBe(Number(events[0]!.n));
      const lines = await ctx().db.query<{ n: number }>(
        'select count(*)::int n from commission_mouvement where id_police = $1 and nomprenom = $2',
        [holder.idPolice, holder.nomprenom],
      );
      expect(data.commissionLines.length).toBe(Number(lines[0]!.n));
      expect(data.commissionLines.length).toBeGreaterThan(0);
      expect(
        data.disputes.map((d: { id: number; nomprenom: string; entries: { message: string }[] }) => [
          d.id,
          d.nomprenom,
          d.entries.map((e) => e.message),
        ]),
      ).toEqual([[dispute!.id, holder.nomprenom, ['Taux de commission erroné sur ce contrat']]]);
      // Without nir.reveal the answer carries the masked NIR; without ROLE_COMPTA no commission lines.
      const portfolio = (
        await get(`/api/police-assures/${holder.idAssure}/personal-data`, 'portefeuille')
      ).json();
      expect(portfolio.insured.numeroSecu).toMatch(MASKED);
      expect(portfolio.commissionLines).toBeNull();
      const pdf = await get(`/api/police-assures/${holder.idAssure}/personal-data?format=pdf`, 'courtier');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(`Données personnelles de ${holder.nomprenom}`);
      expect(text).toContain('Identité et contrat');
      expect(text).toContain(`Numéro de sécurité sociale : ${holder.nir}`);
      expect(text).toContain(`Événements (${data.events.length})`);
      expect(text).toContain('Litiges (1)');
      expect(text).toMatch(
        /^\d\d\/\d\d\/\d{4} \d\d:\d\d courtier : Taux de commission erroné sur ce contrat$/m,
      );
      expect((await log(holder.idAssure)).slice(0, 3).map((e) => [e.login, e.kind])).toEqual([
        ['courtier', 'personal_data_export'],
        ['portefeuille', 'personal_data_export'],
        ['courtier', 'personal_data_export'],
      ]);
      const before = await accessCount(ctx().db);
      expect(
        (await get(`/api/police-assures/${holder.idAssure}/personal-data?format=xml`, 'courtier')).statusCode,
      ).toBe(400);
      expect(await accessCount(ctx().db)).toBe(before);
    });

    it('refuses to anonymise while the contract runs, says until when, and changes nothing', async () => {
      const response = await post(`/api/police-assures/${running.idAssure}/anonymise`, 'admin');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'error.retentionRunning',
        params: { retainedUntil: null },
      });
      const [row] = await ctx().db.query<{ nomprenom: string; anonymised_at: unknown }>(
        'select nomprenom, anonymised_at from police_assure where id_assure = $1',
        [running.idAssure],
      );
      expect(row).toEqual({ nomprenom: running.nomprenom, anonymised_at: null });
      expect(
        (await post(`/api/police-assures/${running.idAssure}/anonymise`, 'admin', { force: 'yes' }))
          .statusCode,
      ).toBe(400);
    });

    it('anonymises one person past retention on request, once', async () => {
      // A dispute opened on their policy copied the holder's name.
      await ctx().db.query(
        `insert into dispute (source, id_police, nomprenom, reason, amount_claimed, status, opened_by)
         values ('POLICY', $1, $2, 'RATE', 10, 'OPEN', 'courtier')`,
        [ended.idPolice, ended.nomprenom],
      );
      const first = await post(`/api/police-assures/${ended.idAssure}/anonymise`, 'admin');
      expect(first.statusCode).toBe(200);
      const answer = first.json();
      expect(answer.anonymised).toBe(true);
      expect(answer.retainedUntil < new Date().toISOString().slice(0, 10)).toBe(true);
      const [row] = await ctx().db.query<Record<string, unknown>>(
        `select nomprenom, prenom, adresse1, cp, ville, tel1, email, numero_secu, to_char(date_naissance, 'MM-DD') md, cotisation_ttc
           from police_assure where id_assure = $1`,
        [ended.idAssure],
      );
      expect(row).toMatchObject({
        nomprenom: `Anonyme ${ended.idAssure}`,
        prenom: null,
        adresse1: null,
        cp: null,
        ville: null,
        tel1: null,
        email: null,
        numero_secu: null,
        md: '01-01',
      });
      expect(row!.cotisation_ttc).not.toBeNull();
      const names = await ctx().db.query(
        `select 1 from police where id_police = $1 and nomprenom = $2
         union all select 1 from commission_mouvement where id_police = $1 and nomprenom = $2
         union all select 1 from timeline_event where id_police = $1 and nomprenom = $2
         union all select 1 from dispute where id_police = $1 and nomprenom = $2`,
        [ended.idPolice, ended.nomprenom],
      );
      expect(names).toEqual([]);
      const again = await post(`/api/police-assures/${ended.idAssure}/anonymise`, 'admin');
      expect(again.json()).toEqual({ ...answer, anonymised: false });
      expect((await log(ended.idAssure)).filter((e) => e.kind === 'anonymise').map((e) => e.login)).toEqual([
        'admin',
      ]);
    });

    it('keeps the statements adding up once everything past retention is anonymised, and is idempotent', async () => {
      const db = ctx().db;
      const totals = 'select sum(montant)::text s, count(*)::int n from commission_mouvement';
      const [before] = await db.query(totals);
      const config = { ...ctx().config.personalData, contractYears: 1 };
      const later = new Date('2031-01-01T00:00:00Z');
      const first = await applyRetention(db, config, later);
      expect(first.anonymised).toBeGreaterThan(50);
      // Access records older than their period are gone with the same pass.
      expect(first.accessEventsDeleted).toBeGreaterThan(0);
      expect(await applyRetention(db, config, later)).toEqual({ anonymised: 0, accessEventsDeleted: 0 });
      expect(await db.query(totals)).toEqual([before]);
      expect(await recapMismatches(db)).toEqual([]);
      expect(await totalMismatches(db)).toEqual([]);
      const left = await db.query(
        `select id_assure from police_assure pa join police p using (id_police)
          where coalesce(pa.date_resil, p.date_resil) < '2030-01-01' and (pa.numero_secu is not null or pa.email is not null)`,
      );
      expect(left).toEqual([]);
    });
  });
});

describe('the read budget', () => {
  forEachApp(
    (_kind, ctx) => {
      it('answers 429 beyond the hourly budget, counts it and records nothing for it', async () => {
        await loadDemoData(ctx().db, { today: '2025-06-15', policiesPerBroker: 5 });
        const [row] = await ctx().db.query<{ id_assure: number }>(
          "select id_assure from police_assure where code_courtier_portail = 'C0001' limit 1",
        );
        const headers = await ctx().auth('courtier');
        const read = () =>
          ctx().app.inject({ method: 'GET', url: `/api/police-assures/${row!.id_assure}`, headers });
        for (let i = 0; i < 3; i++) expect((await read()).statusCode).toBe(200);
        const before = await accessCount(ctx().db);
        const refused = await read();
        expect(refused.statusCode).toBe(429);
        // Said as a read limit, not as a wrong password's "too many attempts".
        expect(refused.json()).toMatchObject({ message: 'error.personalDataReads', status: 429 });
        const said = (language: 'fr' | 'en') =>
          (resources[language].translation.error as Record<string, string>).personalDataReads;
        expect([said('fr'), said('en')]).toEqual([
          expect.stringMatching(/^Vous avez ouvert trop de fiches/),
          expect.stringMatching(/^You opened too many/),
        ]);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
        expect(await accessCount(ctx().db)).toBe(before);
        // Another user's budget is their own.
        const admin = await ctx().auth('admin');
        expect(
          (
            await ctx().app.inject({
              method: 'GET',
              url: `/api/police-assures/${row!.id_assure}`,
              headers: admin,
            })
          ).statusCode,
        ).toBe(200);
        // Reads sent at once: exactly the budget passes.
        const portfolio = await ctx().auth('portefeuille');
        const statuses = await Promise.all(
          Array.from({ length: 6 }, () =>
            ctx().app.inject({
              method: 'GET',
              url: `/api/police-assures/${row!.id_assure}`,
              headers: portfolio,
            }),
          ),
        );
        expect(statuses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
        const metrics = await ctx().app.inject({
          method: 'GET',
          url: '/management/prometheus',
          headers: admin,
        });
        expect(metrics.body).toMatch(/^extranet_personal_data_reads_refused_total 4$/m);
      }, 120_000);
    },
    { env: { PERSONAL_DATA_READS_PER_HOUR: '3' } },
  );
});
