/**
 * `/api/webhooks` (docs/integrations.md "Webhooks"), declared in core's contract
 * (`core/src/contract/webhooks.ts`): each user's endpoints, private (another user's answers 404),
 * their delivery log and a redelivery. Closed to personal access tokens (auth/token-reach.ts):
 * a leaked token cannot send the owner's events elsewhere.
 */
import { type WebhookBody, webhooks } from '@extranet/core/contract/webhooks.ts';
import { webhookEventsFor } from '@extranet/core/permissions/permissions.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebhooksConfig } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import { addressRefusal } from './address.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
  type WebhookValues,
} from './store.ts';

const ENTITY = 'webhook';
const alert = (what: 'created' | 'updated' | 'deleted', id: number) =>
  alertHeaders(`extranetApp.${ENTITY}.${what}`, id);

export interface WebhookRouteOptions {
  readonly db: Db;
  readonly config: WebhooksConfig;
}

export async function webhookRoutes(app: FastifyInstance, { db, config }: WebhookRouteOptions) {
  const notFound = (request: FastifyRequest) => problems.entityNotFound(ENTITY, pathOf(request));
  const userOf = (request: FastifyRequest) => request.principal!.id;

  /** The body's values, or the field errors: a refused address, an event the caller may not read. */
  const checked = async (request: FastifyRequest, body: WebhookBody): Promise<WebhookValues> => {
    const url = body.url.trim();
    const refusal = await addressRefusal(url, config.allowPrivate);
    const events = [...new Set(body.events)];
    const readable = webhookEventsFor(request.principal!);
    const unreadable = events.filter((type) => !readable.includes(type));
    const errors = [
      ...(refusal ? [{ objectName: ENTITY, field: 'url', message: refusal }] : []),
      ...(unreadable.length > 0
        ? [{ objectName: ENTITY, field: 'events', message: `not readable by you: ${unreadable.join(', ')}` }]
        : []),
    ];
    if (errors.length > 0) throw problems.validation(errors, pathOf(request));
    const description = body.description?.trim() || null;
    return { url, description, events, enabled: body.enabled ?? true };
  };

  route(app, webhooks.list, async (_, request) => listWebhooks(db, userOf(request)));

  route(app, webhooks.get, async ({ params }, request) => {
    const found = await getWebhook(db, userOf(request), params.id);
    if (!found) throw notFound(request);
    return found;
  });

  route(app, webhooks.create, async ({ body }, request, reply) => {
    const created = await createWebhook(
      db,
      userOf(request),
      await checked(request, body),
      await app.webhookSecrets(),
    );
    return reply
      .headers({ location: `/api/webhooks/${created.id}`, ...alert('created', created.id) })
      .send(created);
  });

  route(app, webhooks.update, async ({ params, body }, request, reply) => {
    // A foreign endpoint is a 404 before its body is judged.
    if (!(await getWebhook(db, userOf(request), params.id))) throw notFound(request);
    const saved = await updateWebhook(db, userOf(request), params.id, await checked(request, body));
    if (!saved) throw notFound(request);
    return reply.headers(alert('updated', saved.id)).send(saved);
  });

  route(app, webhooks.remove, async ({ params }, request, reply) => {
    if (!(await deleteWebhook(db, userOf(request), params.id))) throw notFound(request);
    return reply.headers(alert('deleted', params.id)).send();
  });

  route(app, webhooks.deliveries, async ({ params }, request) => {
    const found = await listDeliveries(db, userOf(request), params.id);
    if (!found) throw notFound(request);
    return found;
  });

  route(app, webhooks.redeliver, async ({ params }, request) => {
    const made = await redeliver(db, userOf(request), params.id, params.deliveryId);
    if (!made) throw notFound(request);
    return made;
  });
}
