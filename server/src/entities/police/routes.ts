/** `/api/police`: list, export, filter choices, detail by idPolice, admin writes (all from the descriptor). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { crudRoutes } from '../engine/crud.ts';
import { guards } from '../engine/route-kit.ts';
import { policeResource } from './resource.ts';

export function policeRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, {
    base: '/api/police',
    resource: policeResource,
    read: guards.portefeuille,
    list: () => ({ scopeCount: true }),
    personalData: true,
    choices: 'police',
  });
}
