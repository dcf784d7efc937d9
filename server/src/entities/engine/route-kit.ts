/** Small pieces every resource's routes use: who is calling, child lists. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { problems } from '../../http/problems.ts';
import type { Caller } from './caller.ts';
import { findVisible } from './detail.ts';
import type { ResourceDef } from './fields.ts';

/** Only called after a role guard, which has already refused anonymous calls. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.principal) throw problems.unauthorized(pathOf(request));
  return request.principal;
}

/** Child lists answer 404 when their parent is outside the caller's scope, as the parent's detail does. */
export async function requireParent(
  db: Db,
  parent: ResourceDef,
  caller: Caller,
  raw: string,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const row = await findVisible(db, parent, caller, raw);
  if (!row) throw problems.entityNotFound(parent.entityName, pathOf(request));
  return row;
}
