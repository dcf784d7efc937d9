/** The insight routes (docs/insight.md): the dashboard, a statement's changes, saved lists. */
import { insight } from '@extranet/core/contract/insight.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { badParam } from '../entities/engine/errors.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
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
  route(app, insight.dashboard, async (_, request) => dashboard(db, callerOf(request), now()));
  route(app, insight.changes, async ({ params, query }, request) => {
    const fromText = query.from;
    const from = fromText === undefined || fromText === '' ? null : keyOf(fromText);
    if (from === null && fromText !== undefined && fromText !== '')
      throw badParam('from', 'InvalidValue', 'from is a statement id');
    const outcome = await statementChanges(db, callerOf(request), params.idBordereau, from);
    if (outcome.kind === 'notFound') throw problems.entityNotFound('commission', pathOf(request));
    if (outcome.kind === 'badFrom')
      throw badParam(
        'from',
        'InvalidValue',
        "from is not a statement of the same broker in the caller's scope",
      );
    return outcome.changes;
  });
}

/** A statement id from the query: a positive integer of at most 15 digits, else null. */
const keyOf = (text: string): number | null => (/^\d{1,15}$/.test(text) ? Number(text) : null);
