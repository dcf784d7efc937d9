/**
 * The webhooks group (docs/integrations.md "Webhooks"): each user's endpoints, their deliveries
 * and a redelivery. Private: another user's endpoint answers 404, as one that does not exist.
 */
import { Schema } from 'effect';
import { CreatedWebhook, Webhook, WebhookDelivery, WebhookEventType } from '../domain/webhook.ts';
import { endpoint, Key } from './endpoint.ts';

const BASE = '/api/webhooks';
const PRIVATE = "Each user's own: another user's endpoint answers 404, as one that does not exist.";

/** What a POST or PUT sends. */
export const WebhookBody = Schema.Struct({
  url: Schema.String.pipe(Schema.maxLength(2000)).annotations({
    description:
      'an https address; one on a private, loopback or link-local range is refused (400 on `url`) unless WEBHOOK_ALLOW_PRIVATE allows it',
    examples: ['https://crm.example.com/hooks/extranet'],
  }),
  description: Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.maxLength(200)))),
  events: Schema.Array(WebhookEventType).pipe(Schema.minItems(1)).annotations({
    description: 'the events it is sent; each needs the permission that reads it',
  }),
  enabled: Schema.optional(
    Schema.Boolean.annotations({
      description: 'false pauses it; true switches it on again (its failures reset)',
    }),
  ),
}).annotations({ identifier: 'WebhookInput' });
export type WebhookBody = typeof WebhookBody.Type;

const byId = Schema.Struct({ id: Key('the webhook') });
const byDelivery = Schema.Struct({ id: Key('the webhook'), deliveryId: Key('the delivery') });
const common = { group: 'Integrations', access: 'webhooks.manage', objectName: 'webhook' } as const;

export const webhooks = {
  list: endpoint({
    ...common,
    id: 'getWebhooks',
    method: 'GET',
    path: BASE,
    summary: "The caller's webhook endpoints, oldest first",
    success: { status: 200, description: 'the endpoints', schema: Schema.Array(Webhook) },
  }),
  create: endpoint({
    ...common,
    id: 'createWebhook',
    method: 'POST',
    path: BASE,
    summary: 'Registers an endpoint; its signing secret is in this answer only',
    body: WebhookBody,
    success: {
      status: 201,
      description: 'registered, with its secret',
      schema: CreatedWebhook,
      headers: ['location', 'alert'],
      alert: 'extranetApp.webhook.created',
    },
    errors: ['BadRequest'],
  }),
  get: endpoint({
    ...common,
    id: 'getWebhook',
    method: 'GET',
    path: `${BASE}/{id}`,
    summary: 'One endpoint',
    description: PRIVATE,
    params: byId,
    success: { status: 200, description: 'the endpoint', schema: Webhook },
    errors: ['NotFound'],
  }),
  update: endpoint({
    ...common,
    id: 'updateWebhook',
    method: 'PUT',
    path: `${BASE}/{id}`,
    summary: 'Changes its address, events or description, pauses it or switches it on again',
    description: PRIVATE,
    params: byId,
    body: WebhookBody,
    success: {
      status: 200,
      description: 'saved',
      schema: Webhook,
      headers: ['alert'],
      alert: 'extranetApp.webhook.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  remove: endpoint({
    ...common,
    id: 'deleteWebhook',
    method: 'DELETE',
    path: `${BASE}/{id}`,
    summary: 'Deletes an endpoint and its delivery log',
    description: PRIVATE,
    params: byId,
    success: {
      status: 200,
      description: 'deleted (empty body)',
      headers: ['alert'],
      alert: 'extranetApp.webhook.deleted',
    },
    errors: ['NotFound'],
  }),
  deliveries: endpoint({
    ...common,
    id: 'getWebhookDeliveries',
    method: 'GET',
    path: `${BASE}/{id}/deliveries`,
    summary: 'Its delivery log, newest first (the last 100)',
    description: PRIVATE,
    params: byId,
    success: { status: 200, description: 'the deliveries', schema: Schema.Array(WebhookDelivery) },
    errors: ['NotFound'],
  }),
  redeliver: endpoint({
    ...common,
    id: 'redeliverWebhook',
    method: 'POST',
    path: `${BASE}/{id}/deliveries/{deliveryId}/redeliver`,
    summary: 'Sends a delivered or failed event again (same `webhook-id`), as a new delivery due now',
    description: PRIVATE,
    params: byDelivery,
    success: { status: 201, description: 'the new delivery', schema: WebhookDelivery },
    errors: ['NotFound'],
  }),
};
