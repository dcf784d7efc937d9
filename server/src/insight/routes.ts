/** The insight routes (docs/insight.md): the dashboard, a statement's changes, saved lists. */
import type { FastifyInstance } from 'fastify';
import { allow, roles } from '../auth/access.ts';
import type { Db } from '../db/types.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { dashboard } from './dashboard.ts';

export interface InsightOptions {
  readonly db: Db;
  /** The server's clock in ms (tests fix it). */
  readonly now?: () => number;
}

export async function insightRoutes(app: FastifyInstance, options: InsightOptions): Promise<void> {
  const { db } = options;
  const now = () => new Date(options.now?.() ?? Date.now());
  app.get('/api/dashboard', allow(roles('ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_PORTEFEUILLE')), async (request) =>
    dashboard(db, callerOf(request), now()),
  );
}
