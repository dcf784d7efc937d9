/** `/api/police`: list, export, filter choices, detail by idPolice, admin writes. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { getVisible } from '../engine/detail.ts';
import { runExport } from '../engine/export.ts';
import { runList } from '../engine/list.ts';
import { callerOf, exportGuard, guards, type Params } from '../engine/route-kit.ts';
import { createEntity, deleteEntity, updateEntity } from '../engine/writes.ts';
import { distinctValues, portfolioChoices } from '../filter-values/distinct.ts';
import { policeResource as resource } from './resource.ts';

export function policeRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/police', { onRequest: guards.portefeuille }, (request, reply) =>
    runList(db, resource, callerOf(request), request, reply, { scopeCount: true }),
  );
  app.get('/api/police/export.csv', { onRequest: exportGuard(guards.portefeuille) }, (request, reply) =>
    runExport(db, resource, callerOf(request), request, reply),
  );
  app.get<Params<'field'>>('/api/police/distinct/:field', { onRequest: guards.portefeuille }, (request) =>
    distinctValues(db, resource, portfolioChoices, callerOf(request), request.params.field),
  );
  app.get<Params<'idPolice'>>('/api/police/:idPolice', { onRequest: guards.portefeuille }, (request) =>
    getVisible(db, resource, callerOf(request), request.params.idPolice, pathOf(request)),
  );
  app.post('/api/police', { onRequest: guards.admin }, (request, reply) =>
    createEntity(db, resource, callerOf(request), request, reply),
  );
  app.put('/api/police', { onRequest: guards.admin }, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply),
  );
  app.put<Params<'idPolice'>>('/api/police/:idPolice', { onRequest: guards.admin }, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply, request.params.idPolice),
  );
  app.delete<Params<'idPolice'>>('/api/police/:idPolice', { onRequest: guards.admin }, (request, reply) =>
    deleteEntity(db, resource, callerOf(request), request, reply, request.params.idPolice),
  );
}
