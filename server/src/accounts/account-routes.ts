/**
 * The signed-in user's own account (docs/api-conventions.md §2) and the profile info the client
 * reads at start.
 */
import { account } from '@extranet/core/contract/account.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { httpProblem } from '../http/problems.ts';
import { userAnswer } from './user-answer.ts';
import { findUserById } from './users.ts';

export interface AccountDeps {
  readonly db: Db;
  readonly config: Config;
}

export async function accountRoutes(app: FastifyInstance, { db, config }: AccountDeps) {
  route(app, account.get, async (_input, request) => {
    const user = request.principal ? await findUserById(db, request.principal.id) : undefined;
    if (!user) throw httpProblem(500, 'User could not be found', pathOf(request));
    return userAnswer(user);
  });

  route(app, account.profileInfo, async () => ({
    activeProfiles: config.activeProfiles,
    ribbonEnv: config.ribbonEnv ?? null,
  }));
}
