/**
 * `/api/anomalies` (docs/reconciliation.md): the list (paged, filtered by rule, broker, statement,
 * policy or month, sorted by amount at stake), its export and filter choices, the detail by id.
 * Read-only: the rows are derived by the import's refresh, never written through the API.
 */
import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { valueChoicesOf } from '@extranet/core/descriptors/descriptor.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { crudRoutes } from '../engine/crud.ts';
import { guards } from '../engine/route-kit.ts';
import { anomalyResource as resource } from './resource.ts';

export function anomalyRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    base: '/api/anomalies',
    resource,
    read: guards.compta,
    choices: valueChoicesOf(anomalyDescriptor),
    writes: false,
  });
}
