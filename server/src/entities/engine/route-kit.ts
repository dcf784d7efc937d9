/** Small pieces every resource's routes use: who is calling, role guards, child lists. */
import type { FastifyRequest } from 'fastify';
import { type Access, ADMIN, allow, roles } from '../../auth/access.ts';
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

/** The access rules of the entity routes (auth/access.ts), as route options. */
export const guards = {
  portefeuille: allow(roles('ROLE_ADMIN', 'ROLE_PORTEFEUILLE')),
  compta: allow(roles('ROLE_ADMIN', 'ROLE_COMPTA')),
  user: allow(roles('ROLE_USER', 'ROLE_ADMIN')),
  admin: allow(ADMIN),
};

/**
 * An export needs the resource's own roles and ROLE_EXPORT. Its CSV streams uncompressed
 * (http/compression.ts says why).
 */
export const exportGuard = (base: { config: { access: Access } }) => {
  const access = base.config.access;
  if (typeof access === 'string') throw new Error('an export guard extends a role rule');
  return {
    ...allow({ ...access, allOf: [...(access.allOf ?? []), 'ROLE_EXPORT'] }),
    compress: false as const,
  };
};

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

export type Params<K extends string> = { Params: Record<K, string> };
