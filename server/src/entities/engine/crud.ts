/**
 * The routes every business resource has, registered once from core's contract and its definition
 * (both derived from core's descriptor): the list, the CSV export, the filter choices, the detail
 * by key and the admin writes. A resource's own routes (child lists, files) stay in its folder.
 */
import type { Endpoint } from '@extranet/core/contract/endpoint.ts';
import {
  FILTER_CHOICE_FIELDS,
  type FilterChoiceList,
  filterValues,
} from '@extranet/core/contract/filterValues.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { distinctValues } from '../filter-values/distinct.ts';
import { getVisible } from './detail.ts';
import { runExport } from './export.ts';
import type { ResourceDef } from './fields.ts';
import { type ListOptions, runList } from './list.ts';
import { callerOf } from './route-kit.ts';
import { createEntity, deleteEntity, updateEntity } from './writes.ts';

// The handlers here read the raw request, as the engine does: any resource's row and query types.
// biome-ignore lint/suspicious/noExplicitAny: the resources' endpoints differ in their row and query types.
type ListEndpoint = Endpoint<never, any, never, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the resources' endpoints differ in their key and row types.
type DetailEndpoint = Endpoint<any, never, never, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the resources' endpoints differ in their body and row types.
type BodyWrite = Endpoint<never, never, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the same, and in their key.
type KeyedWrite = Endpoint<any, never, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the resources' endpoints differ in their key.
type KeyedDelete = Endpoint<any, never, never, any, any>;

/**
 * The contract's endpoints of a resource (core/src/contract/entities.ts): its list, export and
 * detail, and its admin writes when an administrator edits it.
 */
interface ResourceEndpoints {
  readonly list: ListEndpoint;
  readonly export?: ListEndpoint;
  readonly get: DetailEndpoint;
  readonly create?: BodyWrite;
  readonly update?: BodyWrite;
  readonly updateByKey?: KeyedWrite;
  readonly delete?: KeyedDelete;
}

export interface CrudSpec {
  /** The list, export and detail, as core's contract declares them; `<base>/distinct/:field` and the writes beside. */
  readonly endpoints: ResourceEndpoints;
  readonly resource: ResourceDef;
  /** What the list adds to the engine's (headers, a route's own parameters). */
  readonly list?: (request: FastifyRequest) => ListOptions;
  /** Offers `<base>/distinct/:field`: the contract's endpoint of this name, over its list's fields. */
  readonly choices?: FilterChoiceList;
  /**
   * The detail shows one insured person's or policy's personal data: it counts against the
   * caller's read budget and is recorded in the access trail (personal-data/read-budget.ts).
   */
  readonly personalData?: boolean;
}

export function crudRoutes(app: FastifyInstance, db: Db, spec: CrudSpec): void {
  const { endpoints, resource } = spec;
  const key = resource.key;
  // The engine answers the page as one JSON text, sent as it is. The list runs the caller's
  // session check in its own statement (auth/session-fold.ts): its only database work is runList's.
  route(
    app,
    endpoints.list,
    async (_input, request, reply) =>
      reply.send(await runList(db, resource, callerOf(request), request, reply, spec.list?.(request))),
    { config: { foldSession: true } },
  );
  if (endpoints.export) {
    route(
      app,
      endpoints.export,
      async (_input, request, reply) => runExport(db, resource, callerOf(request), request, reply),
      {
        compress: false,
        ...(spec.personalData ? { config: { personalExport: true } } : {}),
      },
    );
  }
  const choices = spec.choices;
  if (choices) {
    route(app, filterValues[choices], async ({ params }, request) =>
      distinctValues(db, resource, FILTER_CHOICE_FIELDS[choices], callerOf(request), params.field),
    );
  }
  const personal = spec.personalData && (key === 'idAssure' || key === 'idPolice') ? key : undefined;
  route(
    app,
    endpoints.get,
    async ({ params }, request) =>
      getVisible(db, resource, callerOf(request), (params as Record<string, string>)[key]!, pathOf(request)),
    personal ? { config: { personalData: personal } } : {},
  );
  // The engine checks the body itself (writes.ts: each field as an import checks it).
  const { create, update, updateByKey, delete: remove } = endpoints;
  if (!create || !update || !updateByKey || !remove) return;
  route(app, create, async (_input, request, reply) =>
    createEntity(db, resource, callerOf(request), request, reply),
  );
  route(app, update, async (_input, request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply),
  );
  route(app, updateByKey, async ({ params }, request, reply) =>
    updateEntity(db, resource, callerOf(request), request, reply, (params as Record<string, string>)[key]),
  );
  route(app, remove, async ({ params }, request, reply) =>
    deleteEntity(db, resource, callerOf(request), request, reply, (params as Record<string, string>)[key]!),
  );
}
