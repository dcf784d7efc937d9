/**
 * Emitting a webhook event: in the caller's transaction, one delivery row per enabled endpoint
 * that chose the event's type and whose owner may see it: an activated account holding the
 * type's permission (core's WEBHOOK_EVENT_PERMISSION) and whose row scope covers the event's
 * broker codes, as entities/engine/scope.ts reads rows. The rows exist exactly when the event's
 * transaction commits; the deliveries job sends them (deliveries.ts).
 *
 * @example await emitWebhookEvent(tx, { type: 'dispute.answered', scope, payload: { idDispute: 7 } })
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_PERMISSION, type WebhookEventType } from '@extranet/core/domain/webhook.ts';
import { PERMISSIONS } from '@extranet/core/permissions/table.ts';
import type { Queryable } from '../db/types.ts';

/** The broker codes of the row an event is about (each business row carries both). */
export interface EventScope {
  readonly codeCourtierPortail: string | null;
  readonly codeCourtierGrossistePortail: string | null;
}

export interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly scope: EventScope;
  /** The event's `data`: identifiers and codes, no personal data (the receiver reads the rest through the API). */
  readonly payload: Readonly<Record<string, unknown>>;
}

const ROLES_BY_TYPE = JSON.stringify(
  Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_PERMISSION).map(([type, permission]) => [type, PERMISSIONS[permission]]),
  ),
);

const FAN_OUT_SQL = `
insert into webhook_delivery (endpoint_id, message_id, event_type, payload)
select e.id, ev.message_id, ev.type, ev.payload
  from json_to_recordset($1::json) as ev(message_id text, type text, code text, grossiste text, payload jsonb)
  join webhook_endpoint e on e.enabled and ev.type = any(e.events)
  join users u on u.id = e.user_id and u.activated
 where exists (select 1 from user_authority a
                where a.user_id = u.id
                  and a.authority_name in (select jsonb_array_elements_text($2::jsonb -> ev.type)))
   and (exists (select 1 from user_authority a where a.user_id = u.id and a.authority_name = any($3::text[]))
        or (exists (select 1 from user_authority a where a.user_id = u.id and a.authority_name = any($4::text[]))
            and nullif(trim(u.code_courtier), '') = ev.grossiste)
        or (not exists (select 1 from user_authority a where a.user_id = u.id and a.authority_name = any($4::text[]))
            and nullif(trim(u.code_courtier), '') = ev.code))
 order by ev.message_id, e.id`;

/** The types some enabled endpoint chose among `types`: an import skips the work for the others. */
export async function subscribedTypes(
  tx: Queryable,
  types: readonly WebhookEventType[],
): Promise<Set<WebhookEventType>> {
  const rows = await tx.query<{ type: WebhookEventType }>(
    'select distinct t as type from webhook_endpoint, unnest(events) t where enabled and t = any($1::text[])',
    [types],
  );
  return new Set(rows.map((row) => row.type));
}

/** Emits `events` (one statement); returns how many deliveries were made. */
export async function emitWebhookEvents(tx: Queryable, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((event) => ({
    message_id: `msg_${randomUUID().replaceAll('-', '')}`,
    type: event.type,
    code: event.scope.codeCourtierPortail,
    grossiste: event.scope.codeCourtierGrossistePortail,
    payload: event.payload,
  }));
  const made = await tx.query<{ n: number }>(
    `with made as (${FAN_OUT_SQL} returning 1) select count(*)::int as n from made`,
    [JSON.stringify(rows), ROLES_BY_TYPE, PERMISSIONS['rows.all'], PERMISSIONS['rows.wholesaler']],
  );
  return made[0]?.n ?? 0;
}

/** Emits one event in the caller's transaction (what another part calls: a dispute answered…). */
export const emitWebhookEvent = (tx: Queryable, event: WebhookEvent): Promise<number> =>
  emitWebhookEvents(tx, [event]);
