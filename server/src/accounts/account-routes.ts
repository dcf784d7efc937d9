/**
 * The signed-in user's own account (docs/api-conventions.md §2) and the profile info the client
 * reads at start.
 */
import type { FastifyInstance } from 'fastify';
import { allow, PUBLIC, SIGNED_IN } from '../auth/access.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { httpProblem } from '../http/problems.ts';
import { findUserById, toUserDto } from './users.ts';

export interface AccountDeps {
  readonly db: Db;
  readonly config: Config;
}

export async function accountRoutes(app: FastifyInstance, { db, config }: AccountDeps) {
  app.get('/api/account', allow(SIGNED_IN), async (request) => {
    const user = request.principal ? await findUserById(db, request.principal.id) : undefined;
    if (!user) throw httpProblem(500, 'User could not be found', pathOf(request));
    return toUserDto(user);
  });

  app.get('/api/profile-info', allow(PUBLIC), async () => ({
    activeProfiles: config.activeProfiles,
    ribbonEnv: config.ribbonEnv ?? null,
  }));
}
