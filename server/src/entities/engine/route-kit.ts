/** Small pieces every resource's routes use: who is calling, role guards, child lists. */
import type { FastifyRequest } from 'fastify';
import { type Access, allow, needs } from '../../auth/access.ts';
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

/** The access rules of the entity routes (auth/access.ts), as route options, by core's permissions. */
export const guards = {
  portefeuille: allow(needs('portfolio.read')),
  compta: allow(needs('commissions.read')),
  user: allow(needs('timeline.read')),
  admin: allow(needs('entities.write')),
};

/**
 * An export needs the resource's own permission and `export`. Its CSV streams uncompressed
 * (http/compression.ts says why).
 */
export const exportGuard = (base: { config: { access: Access } }) => {
  const access = base.config.access;
  if (typeof access === 'string') throw new Error('an export guard extends a permission rule');
  return {
    ...allow(needs(...access.permissions, 'export')),
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
