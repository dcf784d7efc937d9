/** `/api/police-assures` (list, export, filter choices, detail by idAssure, admin writes) and `/api/assures/{idPolice}`. */
import { insuredPersons } from '@extranet/core/contract/entities.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { crudRoutes } from '../engine/crud.ts';
import { asc } from '../engine/fields.ts';
import { runList } from '../engine/list.ts';
import { MAX_SIZE } from '../engine/parse.ts';
import { fieldEquals } from '../engine/query.ts';
import { callerOf, requireParent } from '../engine/route-kit.ts';
import { policeResource } from '../police/resource.ts';
import { policeAssureResource as resource } from './resource.ts';

// A policy's insured persons come whole, by rank, unless the client asks for pages.
const ofPolicy = { ...resource, defaultSize: MAX_SIZE, defaultSort: [asc('rang')] };

export function policeAssureRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    endpoints: insuredPersons,
    resource,
    list: () => ({ scopeCount: true }),
    personalData: true,
    choices: 'insured',
  });
  route(app, insuredPersons.ofPolicy, async ({ params }, request, reply) => {
    const caller = callerOf(request);
    const policy = await requireParent(db, policeResource, caller, params.idPolice, request);
    const fixed = [fieldEquals(resource, 'idPolice', String(policy.idPolice))];
    return reply.send(await runList(db, ofPolicy, caller, request, reply, { fixed }));
  });
}
