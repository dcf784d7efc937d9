/** The `webhook_endpoint` and `webhook_delivery` rows as the API shows them, each user's own. */
import type { Webhook, WebhookDelivery, WebhookEventType } from '@extranet/core/domain/webhook.ts';
import type { Queryable } from '../db/types.ts';
import type { SecretBox } from '../identity/secret-box.ts';
import { newSecret } from './signature.ts';

/** How many deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 100;

export interface WebhookValues {
  readonly url: string;
  readonly description: string | null;
  readonly events: readonly WebhookEventType[];
  readonly enabled: boolean;
}

type EndpointRow = {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  failures: number;
  disabled_reason: string | null;
  created_at: Date;
};

// The sealed secret is never read here: only the sender opens it (deliveries.ts).
const ENDPOINT_COLUMNS = 'id, url, description, events, enabled, failures, disabled_reason, created_at';

const toWebhook = (row: EndpointRow): Webhook => ({
  id: Number(row.id),
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  failures: row.failures,
  disabledReason: row.disabled_reason,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listWebhooks(db: Queryable, userId: number): Promise<Webhook[]> {
  const rows = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoint where user_id = $1 order by id`,
    [userId],
  );
  return rows.map(toWebhook);
}

export async function getWebhook(db: Queryable, userId: number, id: number): Promise<Webhook | undefined> {
  const [row] = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoint where user_id = $1 and id = $2`,
    [userId, id],
  );
  return row && toWebhook(row);
}

/**
 * Registers the endpoint with a new signing secret, returned once and stored sealed by `box`
 * (identity/secret-box.ts): it cannot be hashed, since every delivery signs with it. The row's id
 * is taken first, as the ciphertext is bound to it.
 */
export async function createWebhook(
  db: Queryable,
  userId: number,
  values: WebhookValues,
  box: SecretBox,
): Promise<Webhook & { secret: string }> {
  const [next] = await db.query<{ id: string }>(
    `select nextval(pg_get_serial_sequence('webhook_endpoint', 'id')) as id`,
  );
  const id = Number(next!.id);
  const secret = newSecret();
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoint (id, user_id, url, description, events, enabled, secret)
     values ($1, $2, $3, $4, $5::text[], $6, $7) returning ${ENDPOINT_COLUMNS}`,
    [id, userId, values.url, values.description, values.events, values.enabled, box.seal(secret, id)],
  );
  return { ...toWebhook(row!), secret };
}

/** Saves the values; switching an endpoint on again clears its failures and the reason it was off. */
export async function updateWebhook(
  db: Queryable,
  userId: number,
  id: number,
  values: WebhookValues,
): Promise<Webhook | undefined> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoint set url = $3, description = $4, events = $5::text[], enabled = $6,
       failures = case when $6 and not enabled then 0 else failures end,
       disabled_reason = case when $6 then null else disabled_reason end
     where user_id = $1 and id = $2 returning ${ENDPOINT_COLUMNS}`,
    [userId, id, values.url, values.description, values.events, values.enabled],
  );
  return row && toWebhook(row);
}

export async function deleteWebhook(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from webhook_endpoint where user_id = $1 and id = $2 returning id', [
    userId,
    id,
  ]);
  return rows.length > 0;
}

type DeliveryRow = {
  id: string;
  message_id: string;
  event_type: WebhookEventType;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
  delivered_at: Date | null;
  payload: unknown;
};

const DELIVERY_COLUMNS =
  'd.id, d.message_id, d.event_type, d.status, d.attempts, d.last_status, d.last_error, d.created_at, d.next_attempt_at, d.delivered_at, d.payload';

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: Number(row.id),
  messageId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: new Date(row.created_at).toISOString(),
  nextAttemptAt: row.status === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
  deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
  payload: row.payload,
});

/** The endpoint's last deliveries, newest first; undefined when it is not the user's. */
export async function listDeliveries(
  db: Queryable,
  userId: number,
  id: number,
): Promise<WebhookDelivery[] | undefined> {
  if (!(await getWebhook(db, userId, id))) return undefined;
  const rows = await db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_delivery d where d.endpoint_id = $1 order by d.id desc limit ${DELIVERY_LOG_SIZE}`,
    [id],
  );
  return rows.map(toDelivery);
}

/** A new delivery of the same event (same `webhook-id`), due now; undefined when not the user's. */
export async function redeliver(
  db: Queryable,
  userId: number,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery | undefined> {
  const [row] = await db.query<DeliveryRow>(
    `insert into webhook_delivery (endpoint_id, message_id, event_type, payload, created_at)
     select d.endpoint_id, d.message_id, d.event_type, d.payload, d.created_at
       from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
      where d.id = $3 and d.endpoint_id = $2 and e.user_id = $1
     returning ${DELIVERY_COLUMNS.replaceAll('d.', '')}`,
    [userId, id, deliveryId],
  );
  return row && toDelivery(row);
}
