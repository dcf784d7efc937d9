/**
 * The entities API of docs/product.md §7 as one Fastify plugin: policies, insured persons, statements,
 * movements and the timeline, each from its resource folder. Register it with the database:
 * `app.register(entitiesPlugin, { db })`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/types.ts';
import { anomalyRoutes } from './anomalies/routes.ts';
import { commissionRoutes } from './commissions/routes.ts';
import { mouvementRoutes } from './mouvements/routes.ts';
import { policeRoutes } from './police/routes.ts';
import { policeAssureRoutes } from './police-assures/routes.ts';
import { timelineRoutes } from './timelines/routes.ts';

export interface EntitiesOptions {
  readonly db: Db;
}

async function routes(app: FastifyInstance, options: EntitiesOptions): Promise<void> {
  policeRoutes(app, options.db);
  policeAssureRoutes(app, options.db);
  commissionRoutes(app, options.db);
  mouvementRoutes(app, options.db);
  timelineRoutes(app, options.db);
  anomalyRoutes(app, options.db);
}

/** Named, in its own scope; its tests register it beside a stand-in for the auth hook. */
export const entitiesPlugin = fp(routes, { name: 'entities', encapsulate: true });
