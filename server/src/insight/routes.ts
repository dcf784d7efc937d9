/** The insight routes (docs/insight.md): the dashboard, a statement's changes, saved lists. */
import type { FastifyInstance } from 'fastify';
import { allow, needs } from '../auth/access.ts';
import type { Db } from '../db/types.ts';
import { badParam } from '../entities/engine/errors.ts';
import { callerOf, guards, type Params } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { savedFilterRoutes } from '../saved-filters/routes.ts';
import { statementChanges } from './changes.ts';
import { dashboard } from './dashboard.ts';

export interface InsightOptions {
  readonly db: Db;
  /** The server's clock in ms (tests fix it). */
  readonly now?: () => number;
}

export async function insightRoutes(app: FastifyInstance, options: InsightOptions): Promise<void> {
  const { db } = options;
  const now = () => new Date(options.now?.() ?? Date.now());
  await savedFilterRoutes(app, { db });
  app.get('/api/dashboard', allow(needs('dashboard.read')), async (request) =>
    dashboard(db, callerOf(request), now()),
  );
  app.get<Params<'idBordereau'> & { Querystring: { from?: string } }>(
    '/api/commissions/:idBordereau/changes',
    guards.compta,
    async (request) => {
      const id = keyOf(request.params.idBordereau);
      const fromText = request.query.from;
      const from = fromText === undefined || fromText === '' ? null : keyOf(fromText);
      if (from === null && fromText !== undefined && fromText !== '')
        throw badParam('from', 'InvalidValue', 'from is a statement id');
      if (id === null) throw problems.entityNotFound('commission', pathOf(request));
      const outcome = await statementChanges(db, callerOf(request), id, from);
      if (outcome.kind === 'notFound') throw problems.entityNotFound('commission', pathOf(request));
      if (outcome.kind === 'badFrom')
        throw badParam(
          'from',
          'InvalidValue',
          "from is not a statement of the same broker in the caller's scope",
        );
      return outcome.changes;
    },
  );
}

/** A statement id from the URL: a positive integer of at most 15 digits, else null. */
const keyOf = (text: string): number | null => (/^\d{1,15}$/.test(text) ? Number(text) : null);
