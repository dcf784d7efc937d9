/**
 * `/api/commissions`: statement list (with `X-Total-Amount`, the total paid excluding forecasts),
 * export, detail, recap lines, PDF download and admin writes.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { problems } from '../../http/problems.ts';
import { getVisible } from '../engine/detail.ts';
import { runExport } from '../engine/export.ts';
import { runList } from '../engine/list.ts';
import { callerOf, exportGuard, guards, type Params, requireParent } from '../engine/route-kit.ts';
import { createEntity, deleteEntity, updateEntity } from '../engine/writes.ts';
import { attachment, recapLines, statementPdf } from './files.ts';
import { commissionResource as resource, TOTAL_PAID } from './resource.ts';

export const TOTAL_AMOUNT_HEADER = 'X-Total-Amount';

export function commissionRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/commissions', { onRequest: guards.compta }, (request, reply) =>
    runList(db, resource, callerOf(request), request, reply, {
      summaries: [{ header: TOTAL_AMOUNT_HEADER, expression: TOTAL_PAID }],
    }),
  );
  app.get('/api/commissions/export.csv', { onRequest: exportGuard(guards.compta) }, (request, reply) =>
    runExport(db, resource, callerOf(request), request, reply),
  );
  app.get<Params<'idBordereau'>>('/api/commissions/:idBordereau', { onRequest: guards.compta }, (request) =>
    getVisible(db, resource, callerOf(request), request.params.idBordereau, pathOf(request)),
  );
  app.get<Params<'id'>>('/api/commissions/bordereau/:id', { onRequest: guards.compta }, async (request) => {
    const statement = await requireParent(db, resource, callerOf(request), request.params.id, request);
    return recapLines(db, Number(statement.idBordereau));
  });
  app.get<Params<'id'>>(
    '/api/commissions/download/:id',
    { onRequest: guards.compta },
    async (request, reply) => {
      const statement = await requireParent(db, resource, callerOf(request), request.params.id, request);
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
    },
  );
  app.post('/api/commissions', { onRequest: guards.admin }, (request, reply) =>
    createEntity(db, resource, callerOf(request), request, reply),
  );
  app.put('/api/commissions', { onRequest: guards.admin }, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply),
  );
  app.put<Params<'idBordereau'>>(
    '/api/commissions/:idBordereau',
    { onRequest: guards.admin },
    (request, reply) =>
      updateEntity(db, resource, callerOf(request), request, reply, request.params.idBordereau),
  );
  app.delete<Params<'idBordereau'>>(
    '/api/commissions/:idBordereau',
    { onRequest: guards.admin },
    (request, reply) =>
      deleteEntity(db, resource, callerOf(request), request, reply, request.params.idBordereau),
  );
}
