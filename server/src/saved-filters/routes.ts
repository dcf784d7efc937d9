/**
 * `GET/POST/PUT/DELETE /api/saved-filters` (docs/insight.md), declared in core's contract
 * (`core/src/contract/savedFilters.ts`): each user's saved lists, private: another user's saved
 * list answers 404, as one that does not exist. Writes answer with the alert headers of
 * docs/api-conventions.md §4.
 */
import { type SavedFilterBody, savedFilters } from '@extranet/core/contract/savedFilters.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';

import { checkedList, checkedValues } from './checked.ts';
import {
  createSavedFilter,
  deleteSavedFilter,
  getSavedFilter,
  listSavedFilters,
  type SavedFilter,
  updateSavedFilter,
} from './store.ts';

const ENTITY = 'savedFilter';
const alert = (what: 'created' | 'updated' | 'deleted', id: number) =>
  alertHeaders(`extranetApp.${ENTITY}.${what}`, id);

/** A key from the body: a positive integer, else null. */
const keyOf = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

const userOf = (request: FastifyRequest) => {
  callerOf(request);
  return request.principal!.id;
};

const nameTaken = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A name used twice in one list is the caller's mistake, said of the `name` field. */
const duplicateName = () => problems.validation([{ objectName: ENTITY, field: 'name', message: 'Unique' }]);

export async function savedFilterRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const notFound = (request: FastifyRequest) => problems.entityNotFound(ENTITY, pathOf(request));

  route(app, savedFilters.list, async ({ query }, request) => {
    const spec = query.list === undefined ? null : checkedList(callerOf(request), query.list);
    return listSavedFilters(db, userOf(request), spec?.name ?? null);
  });

  route(app, savedFilters.get, async ({ params }, request) => {
    const found = await getSavedFilter(db, userOf(request), params.id);
    if (found === undefined) throw notFound(request);
    return found;
  });

  route(app, savedFilters.create, async ({ body }, request, reply) => {
    if (body.id !== undefined && body.id !== null) throw problems.idExists(ENTITY);
    const values = checkedValues(callerOf(request), body);
    let saved: SavedFilter;
    try {
      saved = await createSavedFilter(db, userOf(request), values);
    } catch (error) {
      if (nameTaken(error)) throw duplicateName();
      throw error;
    }
    return reply
      .headers({ location: `/api/saved-filters/${saved.id}`, ...alert('created', saved.id) })
      .send(saved);
  });

  const update = async (
    request: FastifyRequest,
    body: typeof SavedFilterBody.Type,
    fromUrl: number | undefined,
  ) => {
    const id = fromUrl ?? keyOf(body.id);
    if (id === null) throw problems.validation([{ objectName: ENTITY, field: 'id', message: 'NotNull' }]);
    if (fromUrl !== undefined && body.id !== undefined && keyOf(body.id) !== id)
      throw problems.badRequest('The id of the body is not the one of the address', pathOf(request));
    const values = checkedValues(callerOf(request), body);
    let saved: SavedFilter | undefined;
    try {
      saved = await updateSavedFilter(db, userOf(request), id, values);
    } catch (error) {
      if (nameTaken(error)) throw duplicateName();
      throw error;
    }
    if (saved === undefined) throw notFound(request);
    return saved;
  };
  route(app, savedFilters.updateFromBody, async ({ body }, request, reply) => {
    const saved = await update(request, body, undefined);
    return reply.headers(alert('updated', saved.id)).send(saved);
  });
  route(app, savedFilters.update, async ({ params, body }, request, reply) => {
    const saved = await update(request, body, params.id);
    return reply.headers(alert('updated', saved.id)).send(saved);
  });

  route(app, savedFilters.remove, async ({ params }, request, reply) => {
    if (!(await deleteSavedFilter(db, userOf(request), params.id))) throw notFound(request);
    // JHipster answers a delete with 200, an empty body and the alert headers.
    return reply.headers(alert('deleted', params.id)).send();
  });
}
