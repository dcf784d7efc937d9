/**
 * `/api/commission-mouvements` (list, export, detail by id, admin writes), a statement's lines
 * `/api/mouvements/{idBordereau}` with their export, and a policy's `/api/mouvements/police/{idPolice}`.
 */
import { commissionMovements } from '@extranet/core/contract/entities.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { commissionResource } from '../commissions/resource.ts';
import { crudRoutes } from '../engine/crud.ts';
import { runExport } from '../engine/export.ts';
import { asc, desc } from '../engine/fields.ts';
import { runList } from '../engine/list.ts';
import { MAX_SIZE } from '../engine/parse.ts';
import { fieldEquals } from '../engine/query.ts';
import { callerOf, requireParent } from '../engine/route-kit.ts';
import { policeResource } from '../police/resource.ts';
import { mouvementResource as resource } from './resource.ts';

// The popup of a policy's movements shows them all, latest month first.
const ofPolicy = { ...resource, defaultSize: MAX_SIZE, defaultSort: [desc('mois'), asc('libelleMouvement')] };

export function mouvementRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { endpoints: commissionMovements, resource });
  route(app, commissionMovements.ofStatement, async ({ params }, request, reply) => {
    const caller = callerOf(request);
    const statement = await requireParent(db, commissionResource, caller, params.idBordereau, request);
    const fixed = [fieldEquals(resource, 'idBordereau', String(statement.idBordereau))];
    return reply.send(await runList(db, resource, caller, request, reply, { fixed }));
  });
  route(
    app,
    commissionMovements.exportOfStatement,
    async ({ params }, request, reply) => {
      const caller = callerOf(request);
      const statement = await requireParent(db, commissionResource, caller, params.idBordereau, request);
      const fixed = [fieldEquals(resource, 'idBordereau', String(statement.idBordereau))];
      return runExport(db, resource, caller, request, reply, {
        fixed,
        fileName: `mouvements-${statement.idBordereau}.csv`,
      });
    },
    { compress: false },
  );
  route(app, commissionMovements.ofPolicy, async ({ params }, request, reply) => {
    const caller = callerOf(request);
    const policy = await requireParent(db, policeResource, caller, params.idPolice, request);
    const fixed = [fieldEquals(resource, 'idPolice', String(policy.idPolice))];
    return reply.send(await runList(db, ofPolicy, caller, request, reply, { fixed }));
  });
}
