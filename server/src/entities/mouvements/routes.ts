/**
 * `/api/commission-mouvements` (list, export, detail by id, admin writes), a statement's lines
 * `/api/mouvements/{idBordereau}` with their export, and a policy's `/api/mouvements/police/{idPolice}`.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { commissionResource } from '../commissions/resource.ts';
import { crudRoutes } from '../engine/crud.ts';
import { runExport } from '../engine/export.ts';
import { asc, desc } from '../engine/fields.ts';
import { runList } from '../engine/list.ts';
import { MAX_SIZE } from '../engine/parse.ts';
import { fieldEquals } from '../engine/query.ts';
import { callerOf, exportGuard, guards, type Params, requireParent } from '../engine/route-kit.ts';
import { policeResource } from '../police/resource.ts';
import { mouvementResource as resource } from './resource.ts';

// The popup of a policy's movements shows them all, latest month first.
const ofPolicy = { ...resource, defaultSize: MAX_SIZE, defaultSort: [desc('mois'), asc('libelleMouvement')] };

export function mouvementRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { base: '/api/commission-mouvements', resource, read: guards.compta });
  app.get<Params<'idBordereau'>>('/api/mouvements/:idBordereau', guards.compta, async (request, reply) => {
    const caller = callerOf(request);
    const statement = await requireParent(
      db,
      commissionResource,
      caller,
      request.params.idBordereau,
      request,
    );
    const fixed = [fieldEquals(resource, 'idBordereau', String(statement.idBordereau))];
    return runList(db, resource, caller, request, reply, { fixed });
  });
  app.get<Params<'idBordereau'>>(
    '/api/mouvements/:idBordereau/export.csv',
    exportGuard(guards.compta),
    async (request, reply) => {
      const caller = callerOf(request);
      const statement = await requireParent(
        db,
        commissionResource,
        caller,
        request.params.idBordereau,
        request,
      );
      const fixed = [fieldEquals(resource, 'idBordereau', String(statement.idBordereau))];
      return runExport(db, resource, caller, request, reply, {
        fixed,
        fileName: `mouvements-${statement.idBordereau}.csv`,
      });
    },
  );
  app.get<Params<'idPolice'>>('/api/mouvements/police/:idPolice', guards.compta, async (request, reply) => {
    const caller = callerOf(request);
    const policy = await requireParent(db, policeResource, caller, request.params.idPolice, request);
    const fixed = [fieldEquals(resource, 'idPolice', String(policy.idPolice))];
    return runList(db, ofPolicy, caller, request, reply, { fixed });
  });
}
