/** `/api/police-assures` (list, export, filter choices, detail by idAssure, admin writes) and `/api/assures/{idPolice}`. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { getVisible } from '../engine/detail.ts';
import { runExport } from '../engine/export.ts';
import { asc } from '../engine/fields.ts';
import { runList } from '../engine/list.ts';
import { MAX_SIZE } from '../engine/parse.ts';
import { fieldEquals } from '../engine/query.ts';
import { callerOf, exportGuard, guards, type Params, requireParent } from '../engine/route-kit.ts';
import { createEntity, deleteEntity, updateEntity } from '../engine/writes.ts';
import { distinctValues, portfolioChoices } from '../filter-values/distinct.ts';
import { policeResource } from '../police/resource.ts';
import { policeAssureResource as resource } from './resource.ts';

// A policy's insured persons come whole, by rank, unless the client asks for pages.
const ofPolicy = { ...resource, defaultSize: MAX_SIZE, defaultSort: [asc('rang')] };

export function policeAssureRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/police-assures', { onRequest: guards.portefeuille }, (request, reply) =>
    runList(db, resource, callerOf(request), request, reply, { scopeCount: true }),
  );
  app.get(
    '/api/police-assures/export.csv',
    { onRequest: exportGuard(guards.portefeuille) },
    (request, reply) => runExport(db, resource, callerOf(request), request, reply),
  );
  app.get<Params<'field'>>(
    '/api/police-assures/distinct/:field',
    { onRequest: guards.portefeuille },
    (request) => distinctValues(db, resource, portfolioChoices, callerOf(request), request.params.field),
  );
  app.get<Params<'idAssure'>>(
    '/api/police-assures/:idAssure',
    { onRequest: guards.portefeuille },
    (request) => getVisible(db, resource, callerOf(request), request.params.idAssure, pathOf(request)),
  );
  app.get<Params<'idPolice'>>(
    '/api/assures/:idPolice',
    { onRequest: guards.portefeuille },
    async (request, reply) => {
      const caller = callerOf(request);
      const policy = await requireParent(db, policeResource, caller, request.params.idPolice, request);
      const fixed = [fieldEquals(resource, 'idPolice', String(policy.idPolice))];
      return runList(db, ofPolicy, caller, request, reply, { fixed });
    },
  );
  app.post('/api/police-assures', { onRequest: guards.admin }, (request, reply) =>
    createEntity(db, resource, callerOf(request), request, reply),
  );
  app.put('/api/police-assures', { onRequest: guards.admin }, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply),
  );
  app.put<Params<'idAssure'>>(
    '/api/police-assures/:idAssure',
    { onRequest: guards.admin },
    (request, reply) =>
      updateEntity(db, resource, callerOf(request), request, reply, request.params.idAssure),
  );
  app.delete<Params<'idAssure'>>(
    '/api/police-assures/:idAssure',
    { onRequest: guards.admin },
    (request, reply) =>
      deleteEntity(db, resource, callerOf(request), request, reply, request.params.idAssure),
  );
}
