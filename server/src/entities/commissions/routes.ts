/**
 * `/api/commissions`: statement list (with `X-Total-Amount`, the total paid excluding forecasts),
 * export, detail, recap lines, PDF download and admin writes.
 */
import { commissionStatements } from '@extranet/core/contract/entities.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { problems } from '../../http/problems.ts';
import { crudRoutes } from '../engine/crud.ts';
import { callerOf, requireParent } from '../engine/route-kit.ts';
import { attachment, recapLines, statementPdf } from './files.ts';
import { commissionResource as resource, TOTAL_PAID } from './resource.ts';

export const TOTAL_AMOUNT_HEADER = 'X-Total-Amount';

export function commissionRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    endpoints: commissionStatements,
    resource,
    list: () => ({ summaries: [{ header: TOTAL_AMOUNT_HEADER, expression: TOTAL_PAID }] }),
    choices: 'commissions',
  });
  route(app, commissionStatements.recap, async ({ params }, request) => {
    const statement = await requireParent(db, resource, callerOf(request), params.id, request);
    return recapLines(db, Number(statement.idBordereau));
  });
  route(app, commissionStatements.pdf, async ({ params }, request, reply) => {
    const statement = await requireParent(db, resource, callerOf(request), params.id, request);
    const pdf = await statementPdf(db, Number(statement.idBordereau));
    if (!pdf) throw problems.notFound(pathOf(request), 'This statement has no PDF');
    const name =
      typeof statement.fichierBordereau === 'string' && statement.fichierBordereau !== ''
        ? statement.fichierBordereau
        : `bordereau-${statement.idBordereau}.pdf`;
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(name))
      .header('Content-Length', String(pdf.length))
      .send(pdf);
  });
}
