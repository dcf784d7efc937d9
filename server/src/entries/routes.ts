/**
 * Entries for the books (docs/integrations.md): `GET /api/commissions/entries` gives a period's
 * statements as accounting entries (FEC, or its CSV variant) with the caller's account numbers,
 * which `GET/PUT /api/account/accounting` read and choose.
 */
import { accounting } from '@extranet/core/contract/accounting.ts';
import { entries } from '@extranet/core/contract/entries.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { attachment } from '../entities/commissions/files.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { entriesCsv, entriesLines, fecText } from './fec.ts';
import { accountingSettings, saveAccountingSettings } from './settings.ts';
import { statementEntries } from './statements-sql.ts';

/** The first day of the month after `YYYY-MM`. */
const monthAfter = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
};

export async function entriesRoutes(app: FastifyInstance, { db }: { readonly db: Db }) {
  route(app, entries.download, async ({ query }, request, reply) => {
    const { from, to, format = 'fec' } = query;
    if (from > to) throw problems.badRequest('The period ends before it starts', pathOf(request));
    const caller = callerOf(request);
    const accounts = await accountingSettings(db, request.principal!.id);
    const lines = entriesLines(await statementEntries(db, caller, `${from}-01`, monthAfter(to)), accounts);
    const name = `ecritures-${from}-${to}.${format === 'csv' ? 'csv' : 'txt'}`;
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8')
      .header('Content-Disposition', attachment(name))
      .send(format === 'csv' ? entriesCsv(lines) : fecText(lines));
  });

  route(app, accounting.get, async (_, request) => accountingSettings(db, request.principal!.id));

  route(app, accounting.save, async ({ body }, request) => {
    await saveAccountingSettings(db, request.principal!.id, body);
    return accountingSettings(db, request.principal!.id);
  });
}
