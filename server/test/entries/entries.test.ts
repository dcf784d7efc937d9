import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';
import { type FecEntry, validateFec } from './fec-validator.ts';

/** The receivable's movement per statement, in cents (debit − credit on the receivable account). */
const receivableByStatement = (entries: readonly FecEntry[], account: string) =>
  Object.fromEntries(
    entries.map((entry) => [
      entry.pieceRef,
      entry.lines
        .filter((l) => l.CompteNum === account)
        .reduce((sum, l) => sum + Number(l.Debit!.replace(',', '')) - Number(l.Credit!.replace(',', '')), 0),
    ]),
  );

forEachApp((_kind, ctx) => {
  beforeAll(async () => {
    const db = ctx().db;
    await seed(db);
    // A negative statement (clawbacks beyond the month's commissions) and one whose recap does not
    // add up to its total: both must still balance.
    await db.query(
      `insert into commission (code_courtier_portail, code_courtier_grossiste_portail, id_bordereau, mois, type_bordereau, compte, nb, montant)
       values ('C0001', 'G0001', 2005, '2024-02-01', 'Définitif', 'C0001', 1, -25.50),
              ('C0001', 'G0001', 2006, '2024-04-01', 'Définitif', 'C0001', 1, 12.34)`,
    );
    await db.query(
      `insert into recap_line (id_bordereau, commission, montant, ordre)
       values (2005, 'Reprises', -30.00, 1), (2005, 'Linéaire', 4.50, 2), (2006, 'Linéaire', 10.00, 1)`,
    );
  });
  const get = async (login: string, url: string) => {
    const options: InjectOptions = { method: 'GET', url, headers: await ctx().auth(login) };
    return ctx().app.inject(options);
  };
  /** The statements' totals in scope, in cents, summed by PostgreSQL (never floats). */
  const totalsInScope = async (codes: string[], from: string, toExclusive: string) => {
    const rows = await ctx().db.query<{ id: string; cents: string }>(
      `select id_bordereau::text as id, (montant * 100)::bigint::text as cents from commission
        where code_courtier_portail = any($1) and type_bordereau is distinct from 'Prévisionnel'
          and mois >= $2::date and mois < $3::date`,
      [codes, from, toExclusive],
    );
    return Object.fromEntries(rows.map((r) => [r.id, Number(r.cents)]));
  };

  describe('GET /api/commissions/entries', () => {
    it('gives one balanced FEC entry per statement of the period, forecasts excluded, sums equal to the statements', async () => {
      const response = await get('courtier', '/api/commissions/entries?from=2024-01&to=2024-03');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('ecritures-2024-01-2024-03.txt');
      const entries = validateFec(response.body, '2024-01', '2024-03');
      // 2001 (January), 2002 and 2005 (February); 2003 is a forecast, 2004 another broker's, 2006 April's.
      expect(entries.map((e) => e.pieceRef)).toEqual(['2001', '2002', '2005']);
      expect(receivableByStatement(entries, '411000')).toEqual(
        await totalsInScope(['C0001'], '2024-01-01', '2024-04-01'),
      );
      const lines = response.body.split('\r\n');
      expect(lines[1]).toBe(
        'COM\tCommissions\t1\t20240101\t411000\tAssureur commissions a recevoir\t\t\t2001\t20240101\tBordereau 2001 01/2024\t100,10\t0,00\t\t\t20240101\t\t',
      );
      expect(lines[2]).toContain('\t706000\tCommissions de courtage\t');
      expect(lines[2]).toContain('\t0,00\t110,10\t');
      expect(lines[3]).toContain('\t709000\tReprises de commissions\t');
      expect(lines[3]).toContain('\t10,00\t0,00\t');
      // The negative statement credits the receivable; its clawbacks exceed its commissions.
      const negative = entries.find((e) => e.pieceRef === '2005')!;
      expect(negative.lines.map((l) => [l.CompteNum, l.Debit, l.Credit])).toEqual([
        ['411000', '0,00', '25,50'],
        ['706000', '0,00', '4,50'],
        ['709000', '30,00', '0,00'],
      ]);
    });

    it('balances a statement whose recap does not add up, and applies the broker and wholesaler scopes', async () => {
      const april = validateFec(
        (await get('courtier', '/api/commissions/entries?from=2024-04&to=2024-04')).body,
        '2024-04',
        '2024-04',
      );
      expect(april.map((e) => [e.pieceRef, e.debitCents, e.creditCents])).toEqual([['2006', 1234, 1234]]);
      const wholesaler = validateFec(
        (await get('grossiste', '/api/commissions/entries?from=2024-01&to=2024-12')).body,
        '2024-01',
        '2024-12',
      );
      expect(wholesaler.map((e) => e.pieceRef)).toEqual(['2001', '2002', '2005', '2006']);
      expect(receivableByStatement(wholesaler, '411000')).toEqual(
        await totalsInScope(['C0001', 'C0003'], '2024-01-01', '2025-01-01'),
      );
      // An administrator without ROLE_EXPORT exports nothing.
      expect((await get('admin', '/api/commissions/entries?from=2024-01&to=2024-12')).statusCode).toBe(403);
      const other = validateFec(
        (await get('courtier2', '/api/commissions/entries?from=2024-01&to=2024-12')).body,
        '2024-01',
        '2024-12',
      );
      expect(other.map((e) => e.pieceRef)).toEqual(['2004']);
    });

    it('uses the account numbers chosen in the settings; the CSV variant has the same cells', async () => {
      const auth = await ctx().auth('courtier2');
      const put = await ctx().app.inject({
        method: 'PUT',
        url: '/api/account/accounting',
        headers: auth,
        payload: {
          journalCode: 'VT',
          incomeAccount: '7061',
          receivableAccount: '4671',
          clawbackAccount: '7091',
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      const fec = validateFec(
        (await get('courtier2', '/api/commissions/entries?from=2024-01&to=2024-01')).body,
        '2024-01',
        '2024-01',
      );
      expect(fec[0]!.lines.map((l) => [l.JournalCode, l.CompteNum])).toEqual([
        ['VT', '4671'],
        ['VT', '7061'],
      ]);
      const csv = await get('courtier2', '/api/commissions/entries?from=2024-01&to=2024-01&format=csv');
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body.startsWith('\uFEFF')).toBe(true);
      const fromCsv = validateFec(csv.body, '2024-01', '2024-01', ';');
      expect(fromCsv).toEqual(fec);
      // Someone else's settings are untouched.
      const mine = (await get('courtier', '/api/account/accounting')).json();
      expect(mine).toEqual({
        journalCode: 'COM',
        incomeAccount: '706000',
        receivableAccount: '411000',
        clawbackAccount: '709000',
      });
    });

    it('refuses a bad period, a bad format and bad account numbers, changing nothing', async () => {
      for (const query of [
        'from=2024-13&to=2024-12',
        'from=2024-01',
        'from=2024-03&to=2024-01',
        'from=2024-01&to=2024-02&format=xls',
        'from=2024-1&to=2024-02',
      ])
        expect((await get('courtier', `/api/commissions/entries?${query}`)).statusCode, query).toBe(400);
      const bad = await ctx().app.inject({
        method: 'PUT',
        url: '/api/account/accounting',
        headers: await ctx().auth('courtier'),
        payload: {
          journalCode: 'COM',
          incomeAccount: '706 000',
          receivableAccount: '411000',
          clawbackAccount: '709000',
        },
      });
      expect(bad.statusCode).toBe(400);
      expect((await get('courtier', '/api/account/accounting')).json()).toMatchObject({
        incomeAccount: '706000',
      });
    });

    it('needs the statements and the export permissions; a read token is refused, a read+export token served', async () => {
      expect((await get('portefeuille', '/api/commissions/entries?from=2024-01&to=2024-12')).statusCode).toBe(
        403,
      );
      expect((await get('compta', '/api/commissions/entries?from=2024-01&to=2024-12')).statusCode).toBe(403);
      const auth = await ctx().auth('courtier');
      const token = async (scope: string) =>
        (
          (
            await ctx().app.inject({
              method: 'POST',
              url: '/api/account/tokens',
              headers: auth,
              payload: { name: scope, scope, expiresInDays: 1 },
            })
          ).json() as { token: string }
        ).token;
      const url = '/api/commissions/entries?from=2024-01&to=2024-12';
      const read = await ctx().app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await token('read')}` },
      });
      expect(read.statusCode).toBe(403);
      const exporting = await ctx().app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await token('read+export')}` },
      });
      expect(exporting.statusCode).toBe(200);
      expect(validateFec(exporting.body, '2024-01', '2024-12').map((e) => e.pieceRef)).toEqual([
        '2001',
        '2002',
        '2005',
        '2006',
      ]);
    });
  });
});
