/**
 * Sending the deliveries emit.ts wrote, as kept mails are sent (mail/pending.ts): whichever
 * instance's scheduled run holds the webhooks' advisory lock claims one due row at a time with
 * `FOR UPDATE SKIP LOCKED`, so no two instances send the same delivery; a claim older than
 * STALE_CLAIM (an instance that died mid-send) is claimable again. A failed attempt waits the
 * retry period doubled at each failure (mail's `backoffSeconds`), and after the last attempt the
 * delivery is marked failed. Consecutive failures of an endpoint switch it off and mail its owner.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhooksConfig } from '../config.ts';
import { LOCKS, type ScheduledJob, scheduleJob } from '../db/scheduled.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { SecretBox } from '../identity/secret-box.ts';
import { backoffSeconds, queueMail } from '../mail/pending.ts';
import type { BusinessCounters } from '../management/business-counters.ts';
import { disabledNotice } from './notice.ts';
import { type AttemptResult, sendAttempt } from './send.ts';

const STALE_CLAIM = '10 minutes';
const INSTANCE = `${hostname()}:${process.pid}`;
const UNREADABLE = 'signing secret unreadable: TOTP_ENCRYPTION_KEY changed without its previous key';

type Claimed = {
  readonly id: number;
  readonly endpoint_id: number;
  readonly message_id: string;
  readonly event_type: string;
  readonly payload: unknown;
  readonly created_at: Date;
  readonly attempts: number;
  readonly url: string;
  readonly secret: string;
};

async function claim(session: Queryable, tried: readonly number[]): Promise<Claimed | undefined> {
  const [row] = await session.query<Claimed>(
    `with claimed as (
       update webhook_delivery set claimed_at = now(), claimed_by = $1
        where id = (
          select d.id from webhook_delivery d
            join webhook_endpoint e on e.id = d.endpoint_id and e.enabled
           where d.status = 'pending' and d.next_attempt_at <= now()
             and (d.claimed_at is null or d.claimed_at < now() - interval '${STALE_CLAIM}')
             and not (d.id = any($2::bigint[]))
           order by d.next_attempt_at, d.id limit 1
           for update of d skip locked)
        returning id, endpoint_id, message_id, event_type, payload, created_at, attempts)
     select c.*, e.url, e.secret from claimed c join webhook_endpoint e on e.id = c.endpoint_id`,
    [INSTANCE, tried],
  );
  return row ? { ...row, id: Number(row.id), endpoint_id: Number(row.endpoint_id) } : undefined;
}

/** The body a receiver gets: Standard Webhooks' `{ type, timestamp, data }`, the same on every attempt. */
export const bodyOf = (type: string, createdAt: Date, payload: unknown): string =>
  JSON.stringify({ type, timestamp: new Date(createdAt).toISOString(), data: payload });

export interface DeliveryReport {
  readonly delivered: number;
  readonly failed: number;
}

/** Records one attempt's outcome; on the endpoint's last allowed failure, switches it off and mails its owner. */
async function record(
  db: Db,
  config: WebhooksConfig,
  delivery: Claimed,
  result: AttemptResult,
  counters: BusinessCounters | undefined,
) {
  await db.transaction(async (tx) => {
    if (result.ok) {
      await tx.query(
        `update webhook_delivery set status = 'delivered', attempts = attempts + 1, last_status = $2,
           last_error = null, delivered_at = now(), claimed_at = null, claimed_by = null where id = $1`,
        [delivery.id, result.status],
      );
      await tx.query('update webhook_endpoint set failures = 0 where id = $1', [delivery.endpoint_id]);
      counters?.webhook('delivered');
      return;
    }
    const attempts = delivery.attempts + 1;
    const last = attempts >= config.maxAttempts;
    await tx.query(
      `update webhook_delivery set attempts = $2, last_status = $3, last_error = $4,
         status = case when $5 then 'failed' else 'pending' end,
         next_attempt_at = now() + make_interval(secs => $6), claimed_at = null, claimed_by = null
       where id = $1`,
      [
        delivery.id,
        attempts,
        result.status,
        result.error.slice(0, 500),
        last,
        backoffSeconds(config.retrySeconds, attempts),
      ],
    );
    counters?.webhook(last ? 'failed' : 'retried');
    const [endpoint] = await tx.query<{ failures: number; enabled: boolean }>(
      'update webhook_endpoint set failures = failures + 1 where id = $1 returning failures, enabled',
      [delivery.endpoint_id],
    );
    if (!endpoint?.enabled || endpoint.failures < config.disableAfter) return;
    const reason =
      `switched off after ${endpoint.failures} failed attempts in a row (last: ${result.error})`.slice(
        0,
        300,
      );
    const [owner] = await tx.query<{
      login: string;
      email: string | null;
      first_name: string | null;
      lang_key: string | null;
    }>(
      `update webhook_endpoint e set enabled = false, disabled_reason = $2 from users u
        where e.id = $1 and u.id = e.user_id returning u.login, u.email, u.first_name, u.lang_key`,
      [delivery.endpoint_id, reason],
    );
    counters?.webhook('disabled');
    if (owner?.email)
      await queueMail(tx, disabledNotice(owner, delivery.url, endpoint.failures, result.error));
  });
}

/** Tries every due delivery once (a failed one waits for a later run). */
export async function sendDue(
  db: Db,
  session: Queryable,
  config: WebhooksConfig,
  secrets: SecretBox,
  counters?: BusinessCounters,
): Promise<DeliveryReport> {
  const tried: number[] = [];
  let delivered = 0;
  let failed = 0;
  for (;;) {
    const delivery = await claim(session, tried);
    if (!delivery) return { delivered, failed };
    tried.push(delivery.id);
    const secret = secrets.open(delivery.secret, delivery.endpoint_id);
    if (secret === undefined) {
      // Sealed under a key no longer configured: nothing can sign it, the attempt fails as sent.
      await record(db, config, delivery, { ok: false, status: null, error: UNREADABLE }, counters);
      failed += 1;
      continue;
    }
    const result = await sendAttempt(
      {
        url: delivery.url,
        secret,
        messageId: delivery.message_id,
        body: bodyOf(delivery.event_type, delivery.created_at, delivery.payload),
        timestamp: Math.floor(Date.now() / 1000),
      },
      { allowPrivate: config.allowPrivate, timeoutMs: config.timeoutSeconds * 1000 },
    );
    await record(db, config, delivery, result, counters);
    if (result.ok) delivered += 1;
    else failed += 1;
  }
}

export interface DeliveriesJobOptions {
  readonly db: Db;
  /** The box the endpoints' signing secrets are sealed with (loaded at the first run). */
  readonly secrets: () => Promise<SecretBox>;
  readonly config: WebhooksConfig;
  readonly log: FastifyBaseLogger;
  readonly counters?: BusinessCounters;
}

/** The scheduled run: every instance every retry period (at least a second), one at a time. */
export function createDeliveriesJob({
  db,
  secrets,
  config,
  log,
  counters,
}: DeliveriesJobOptions): ScheduledJob {
  return scheduleJob({
    db,
    name: 'webhook-deliveries',
    lock: LOCKS.webhooks,
    everyMs: Math.max(config.retrySeconds, 1) * 1000,
    log,
    work: async (session) => {
      const report = await sendDue(db, session, config, await secrets(), counters);
      if (report.delivered || report.failed) log.info(report, 'webhook deliveries sent');
    },
  });
}
