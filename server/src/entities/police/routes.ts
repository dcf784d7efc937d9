/** `/api/police`: list, export, filter choices, detail by idPolice, admin writes (all from the descriptor). */

import { policies } from '@extranet/core/contract/entities.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { crudRoutes } from '../engine/crud.ts';
import { policeResource } from './resource.ts';

export function policeRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    endpoints: policies,
    resource: policeResource,
    list: () => ({ scopeCount: true }),
    personalData: true,
    choices: 'police',
  });
}
