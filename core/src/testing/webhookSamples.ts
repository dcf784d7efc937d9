/**
 * The webhooks machine's model as its tests walk it: core's model test and the browser's walks
 * of the settings' card (web/e2e/webhooksWalks.ts) send the same endpoints, log and clicks.
 */
import type { NewWebhook, Webhook, WebhookDelivery, WebhookEventType } from '../domain/webhook.ts';
import type { WebhooksEvent } from '../machines/webhooks.machine.ts';

/** An endpoint as the server lists it: number `id`, subscribed to `event`, on or paused. */
export const sampleHook = (id: number, event: WebhookEventType, enabled = true): Webhook => ({
  id,
  url: `https://crm.example.com/hooks/${id}`,
  description: null,
  events: [event],
  enabled,
  failures: 0,
  disabledReason: null,
  createdAt: '2026-11-24T08:00:00Z',
});

/** Delivery 7 of `event` in an endpoint's log, waiting for its first attempt. */
export const sampleDelivery = (event: WebhookEventType): WebhookDelivery => ({
  id: 7,
  messageId: 'msg_1',
  eventType: event,
  status: 'pending',
  attempts: 0,
  lastStatus: null,
  lastError: null,
  createdAt: '2026-11-24T08:00:00Z',
  nextAttemptAt: null,
  deliveredAt: null,
  payload: {},
});

/**
 * What a person does on the card, to endpoint 1 and delivery 7: try again, register `request` (as
 * is, with a bad address, with no event), delete, pause, open and close the log, send again,
 * dismiss the secret.
 */
export const webhookClicks = (request: NewWebhook): WebhooksEvent[] => [
  { type: 'retry' },
  { type: 'create', hook: request },
  { type: 'create', hook: { ...request, url: 'crm' } },
  { type: 'create', hook: { ...request, events: [] } },
  { type: 'delete', id: 1 },
  { type: 'switch', id: 1, enabled: false },
  { type: 'openLog', id: 1 },
  { type: 'closeLog' },
  { type: 'redeliver', deliveryId: 7 },
  { type: 'dismiss' },
];
