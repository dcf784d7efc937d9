import {
  FILTER_CHOICE_FIELDS,
  type FilterChoiceList,
  filterValues,
} from '@extranet/core/contract/filterValues.ts';
/**
 * The routes every business resource has, registered once from its definition (itself derived
 * from core's descriptor): the list, the CSV export, the filter choices, the detail by key and
 * the admin writes. A resource's own routes (child lists, files) stay in its folder.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { distinctValues } from '../filter-values/distinct.ts';
import { getVisible } from './detail.ts';
import { runExport } from './export.ts';
import type { ResourceDef } from './fields.ts';
import { type ListOptions, runList } from './list.ts';
import { callerOf, exportGuard, guards, type Params } from './route-kit.ts';
import { createEntity, deleteEntity, updateEntity } from './writes.ts';

type Guard = (typeof guards)[keyof typeof guards];

export interface CrudSpec {
  /** `/api/police`: the list; `<base>/export.csv`, `<base>/distinct/:field`, `<base>/:key`. */
  readonly base: string;
  readonly resource: ResourceDef;
  /** Who may read (list, detail, filter choices; exports also need ROLE_EXPORT); writes are admin-only. */
  readonly read: Guard;
  /** What the list adds to the engine's (headers, a route's own parameters). */
  readonly list?: (request: FastifyRequest) => ListOptions;
  /** Offers `<base>/distinct/:field`: the contract's endpoint of this name, over its list's fields. */
  readonly choices?: FilterChoiceList;
  /** Default true. */
  readonly exports?: boolean;
  /** Default true. */
  readonly writes?: boolean;
  /**
   * The detail shows one insured person's or policy's personal data: it counts against the
   * caller's read budget and is recorded in the access trail (personal-data/read-budget.ts).
   */
  readonly personalData?: boolean;
}

export function crudRoutes(app: FastifyInstance, db: Db, spec: CrudSpec): void {
  const { base, resource, read } = spec;
  const key = resource.key;
  app.get(base, read, (request, reply) =>
    runList(db, resource, callerOf(request), request, reply, spec.list?.(request)),
  );
  if (spec.exports !== false) {
    const guard = exportGuard(read);
    const exportRoute = spec.personalData
      ? { ...guard, config: { ...guard.config, personalExport: true } }
      : guard;
    app.get(`${base}/export.csv`, exportRoute, (request, reply) =>
      runExport(db, resource, callerOf(request), request, reply),
    );
  }
  const choices = spec.choices;
  if (choices) {
    route(app, filterValues[choices], async ({ params }, request) =>
      distinctValues(db, resource, FILTER_CHOICE_FIELDS[choices], callerOf(request), params.field),
    );
  }
  const detail =
    spec.personalData && (key === 'idAssure' || key === 'idPolice')
      ? { config: { ...read.config, personalData: key as 'idAssure' | 'idPolice' } }
      : read;
  app.get<Params<string>>(`${base}/:${key}`, detail, (request) =>
    getVisible(db, resource, callerOf(request), request.params[key]!, pathOf(request)),
  );
  if (spec.writes === false) return;
  app.post(base, guards.admin, (request, reply) =>
    createEntity(db, resource, callerOf(request), request, reply),
  );
  app.put(base, guards.admin, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply),
  );
  app.put<Params<string>>(`${base}/:${key}`, guards.admin, (request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply, request.params[key]),
  );
  app.delete<Params<string>>(`${base}/:${key}`, guards.admin, (request, reply) =>
    deleteEntity(db, resource, callerOf(request), request, reply, request.params[key]!),
  );
}
