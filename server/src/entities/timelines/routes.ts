/** `/api/timelines` (list with `type=` codes, detail) and a policy's history `/api/police-event/{idPolice}`. */

import { timelineEvents } from '@extranet/core/contract/entities.ts';
import { EVENT_TYPES } from '@extranet/core/domain/eventTypes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { crudRoutes } from '../engine/crud.ts';
import { badParam } from '../engine/errors.ts';
import { desc, fieldMap } from '../engine/fields.ts';
import { runList } from '../engine/list.ts';
import { type Filter, MAX_SIZE } from '../engine/parse.ts';
import { fieldEquals } from '../engine/query.ts';
import { callerOf, requireParent } from '../engine/route-kit.ts';
import { policeResource } from '../police/resource.ts';
import { timelineResource as resource } from './resource.ts';

const ofPolicy = { ...resource, defaultSize: MAX_SIZE, defaultSort: [desc('time'), desc('id')] };

/** `type=AFN,RSL` (or repeated): the event types to show; absent or empty means all. */
function typeFilter(request: FastifyRequest): Filter[] {
  const raw = (request.query as Record<string, string | string[] | undefined>).type;
  const codes = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((value) => value.split(','))
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  if (codes.length === 0) return [];
  for (const code of codes) {
    if (!(EVENT_TYPES as readonly string[]).includes(code))
      throw badParam('type', 'InvalidValue', `Unknown event type ${code}`);
  }
  return [{ field: fieldMap(resource).get('typeMessage')!, op: 'in', values: codes }];
}

export function timelineRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    endpoints: timelineEvents,
    resource,
    list: (request) => ({ fixed: typeFilter(request), extraParams: ['type'] }),
  });
  route(app, timelineEvents.ofPolicy, async ({ params }, request, reply) => {
    const caller = callerOf(request);
    const policy = await requireParent(db, policeResource, caller, params.idPolice, request);
    const fixed = [fieldEquals(resource, 'idPolice', String(policy.idPolice))];
    return reply.send(await runList(db, ofPolicy, caller, request, reply, { fixed }));
  });
}
