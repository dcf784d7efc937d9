import { Schema } from 'effect';
import { Id } from './fields.ts';
import { WEBHOOK_EVENT_TYPES } from './webhookEvents.ts';

export {
  WEBHOOK_EVENT_PERMISSION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_POLICY_EVENTS,
} from './webhookEvents.ts';

export const WebhookEventType = Schema.Literal(...WEBHOOK_EVENT_TYPES);
export type WebhookEventType = typeof WebhookEventType.Type;

/** Consecutive failed attempts after which an endpoint is switched off (and its owner mailed). */
export const WEBHOOK_DISABLE_AFTER = 10;

/** A registered endpoint as the API shows it (its secret only once, at creation). */
export const Webhook = Schema.Struct({
  id: Id,
  url: Schema.String,
  description: Schema.NullOr(Schema.String),
  events: Schema.Array(WebhookEventType),
  enabled: Schema.Boolean,
  /** Consecutive failed attempts; switched off at WEBHOOK_DISABLE_AFTER. */
  failures: Schema.Number,
  /** Why the server switched it off, or null. */
  disabledReason: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
}).annotations({ identifier: 'Webhook' });
export type Webhook = typeof Webhook.Type;

/** The answer of a creation: the endpoint with its signing secret (`whsec_…`), shown this once. */
export const CreatedWebhook = Schema.Struct({ ...Webhook.fields, secret: Schema.String }).annotations({
  identifier: 'CreatedWebhook',
});
export type CreatedWebhook = typeof CreatedWebhook.Type;

export const WebhookDeliveryStatus = Schema.Literal('pending', 'delivered', 'failed');

/** One event sent (or to send) to one endpoint, with its attempts. */
export const WebhookDelivery = Schema.Struct({
  id: Id,
  /** The `webhook-id` header: the same on every attempt and on a redelivery. */
  messageId: Schema.String,
  eventType: WebhookEventType,
  status: WebhookDeliveryStatus,
  attempts: Schema.Number,
  /** The receiver's last HTTP status, or null when it did not answer. */
  lastStatus: Schema.NullOr(Schema.Number),
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  nextAttemptAt: Schema.NullOr(Schema.String),
  deliveredAt: Schema.NullOr(Schema.String),
  payload: Schema.Unknown,
}).annotations({ identifier: 'WebhookDelivery' });
export type WebhookDelivery = typeof WebhookDelivery.Type;

/** What a registration or a change sends. */
export interface NewWebhook {
  readonly url: string;
  readonly description?: string | null;
  readonly events: readonly WebhookEventType[];
  readonly enabled?: boolean;
}
