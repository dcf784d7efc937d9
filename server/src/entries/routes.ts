/**
 * Entries for the books (docs/integrations.md): `GET /api/commissions/entries` gives a period's
 * statements as accounting entries (FEC, or its CSV variant) with the caller's account numbers,
 * which `GET/PUT /api/account/accounting` read and choose.
 */
import { accounting } from '@extranet/core/contract/accounting.ts';
import type { FastifyInstance } from 'fastify';
import { needs } from '../auth/access.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { attachment } from '../entities/commissions/files.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { entriesCsv, entriesLines, fecText } from './fec.ts';
import { accountingSettings, saveAccountingSettings } from './settings.ts';
import { statementEntries } from './statements-sql.ts';

const MONTH = '^[0-9]{4}-(0[1-9]|1[0-2])$';

const entriesQuery = {
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: {
    from: { type: 'string', pattern: MONTH },
    to: { type: 'string', pattern: MONTH },
    format: { type: 'string', enum: ['fec', 'csv'], default: 'fec' },
  },
} as const;

/** The first day of the month after `YYYY-MM`. */
const monthAfter = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
};

export async function entriesRoutes(app: FastifyInstance, { db }: { readonly db: Db }) {
  app.get<{ Querystring: { from: string; to: string; format: 'fec' | 'csv' } }>(
    '/api/commissions/entries',
    { config: { access: needs('commissions.read', 'export') }, schema: { querystring: entriesQuery } },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (from > to) throw problems.badRequest('The period ends before it starts', pathOf(request));
      const caller = callerOf(request);
      const accounts = await accountingSettings(db, request.principal!.id);
      const lines = entriesLines(await statementEntries(db, caller, `${from}-01`, monthAfter(to)), accounts);
      const name = `ecritures-${from}-${to}.${format === 'csv' ? 'csv' : 'txt'}`;
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8')
        .header('Content-Disposition', attachment(name))
        .send(format === 'csv' ? entriesCsv(lines) : fecText(lines));
    },
  );

  // Declared on core's contract (contract/accounting.ts): the patterns are core's.
  route(app, accounting.get, async (_, request) => accountingSettings(db, request.principal!.id));

  route(app, accounting.save, async ({ body }, request) => {
    await saveAccountingSettings(db, request.principal!.id, body);
    return accountingSettings(db, request.principal!.id);
  });
}
