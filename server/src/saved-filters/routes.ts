/**
 * `GET/POST/PUT/DELETE /api/saved-filters` (docs/insight.md): each user's saved lists, private:
 * another user's saved list answers 404, as one that does not exist. Writes answer with the
 * alert headers of docs/api-conventions.md §4.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allow, SIGNED_IN } from '../auth/access.ts';
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

const BASE = '/api/saved-filters';
const ENTITY = 'savedFilter';
const alert = (what: 'created' | 'updated' | 'deleted', id: number) =>
  alertHeaders(`extranetApp.${ENTITY}.${what}`, id);

/** A key from the URL or the body: a positive integer, else null. */
const keyOf = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

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

  app.get<{ Querystring: { list?: string } }>(BASE, allow(SIGNED_IN), async (request) => {
    const list = request.query.list;
    const spec = list === undefined ? null : checkedList(callerOf(request), list);
    return listSavedFilters(db, userOf(request), spec?.name ?? null);
  });

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, allow(SIGNED_IN), async (request) => {
    const id = keyOf(request.params.id);
    const found = id === null ? undefined : await getSavedFilter(db, userOf(request), id);
    if (found === undefined) throw notFound(request);
    return found;
  });

  app.post(BASE, allow(SIGNED_IN), async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (body !== null && typeof body === 'object' && body.id !== undefined && body.id !== null)
      throw problems.idExists(ENTITY);
    const values = checkedValues(callerOf(request), body);
    let saved: SavedFilter;
    try {
      saved = await createSavedFilter(db, userOf(request), values);
    } catch (error) {
      if (nameTaken(error)) throw duplicateName();
      throw error;
    }
    return reply
      .code(201)
      .headers({ location: `${BASE}/${saved.id}`, ...alert('created', saved.id) })
      .send(saved);
  });

  const update = async (request: FastifyRequest, fromUrl: string | undefined) => {
    const body = request.body as Record<string, unknown> | null;
    const bodyId = body !== null && typeof body === 'object' ? body.id : undefined;
    const id = keyOf(fromUrl ?? bodyId);
    if (id === null) throw problems.validation([{ objectName: ENTITY, field: 'id', message: 'NotNull' }]);
    if (fromUrl !== undefined && bodyId !== undefined && keyOf(bodyId) !== id)
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
  app.put(BASE, allow(SIGNED_IN), async (request, reply) => {
    const saved = await update(request, undefined);
    return reply.headers(alert('updated', saved.id)).send(saved);
  });
  app.put<{ Params: { id: string } }>(`${BASE}/:id`, allow(SIGNED_IN), async (request, reply) => {
    const saved = await update(request, request.params.id);
    return reply.headers(alert('updated', saved.id)).send(saved);
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, allow(SIGNED_IN), async (request, reply) => {
    const id = keyOf(request.params.id);
    if (id === null || !(await deleteSavedFilter(db, userOf(request), id))) throw notFound(request);
    // JHipster answers a delete with 200, an empty body and the alert headers.
    return reply.headers(alert('deleted', id)).code(200).send();
  });
}
