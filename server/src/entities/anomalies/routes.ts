/**
 * `/api/anomalies` (docs/reconciliation.md): the list (paged, filtered by rule, broker, statement,
 * policy or month, sorted by amount at stake; `X-Total-Amount` sums the amount at stake, so
 * `size=1` gives the count and amount a dashboard card shows), its export and filter choices,
 * the detail by id.
 * Read-only: the rows are derived by the import's refresh, never written through the API.
 */
import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { valueChoicesOf } from '@extranet/core/descriptors/descriptor.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { TOTAL_AMOUNT_HEADER } from '../commissions/routes.ts';
import { crudRoutes } from '../engine/crud.ts';
import { guards } from '../engine/route-kit.ts';
import { anomalyResource as resource } from './resource.ts';

/** The "À vérifier" figure: the amount at stake over the filtered anomalies (decimal string). */
const AMOUNT_AT_STAKE = 'coalesce(sum(montant), 0)::numeric(16,2)::text';

export function anomalyRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    base: '/api/anomalies',
    resource,
    read: guards.compta,
    list: () => ({ summaries: [{ header: TOTAL_AMOUNT_HEADER, expression: AMOUNT_AT_STAKE }] }),
    choices: valueChoicesOf(anomalyDescriptor),
    writes: false,
  });
}
