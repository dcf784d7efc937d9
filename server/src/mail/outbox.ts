/**
 * The one path every mail takes: activation, password reset, the set-password mail
 * of an admin-created user and after-sales messages alike. A mail is sent at once by the instance
 * that made it; one the mail server does not take for a passing reason (unreachable, 4xx) is kept
 * in the database (pending.ts) and retried by whichever instance's scheduled run holds the
 * outbox's advisory lock, at start and every AFTER_SALES_RETRY_SECONDS, each mail waiting twice as
 * long after each failure. What a retry would not change is not kept: a permanent refusal (SMTP
 * 5xx) and a full disk under the file outbox reach the caller as errors.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCKS, scheduleJob } from '../db/scheduled.ts';
import type { Db } from '../db/types.ts';
import type { BusinessCounters } from '../management/business-counters.ts';
import { isOutOfSpace } from './files.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { keepPending, retryPending } from './pending.ts';

/** SMTP 5xx answers are refusals a retry would not change (unknown mailbox, message too big). */
export const isPermanentMailError = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The mail server did not take the mail and it could not be kept either. */
export class MailNotKept extends Error {
  override name = 'MailNotKept';
}

/** `sent`: the mail server took it (or the file outbox holds it); `kept`: it will be retried. */
export type Delivery = 'sent' | 'kept';

export interface MailOutbox {
  /** Sends `message`, or keeps it for a retry; throws what a retry would not cure. */
  deliver(message: MailMessage): Promise<Delivery>;
  /** Tries every due kept mail once (one run at a time across the instances of the database). */
  retry(): Promise<void>;
  readonly retrySeconds: number;
  /** Retries now and then on a timer. */
  start(): void;
  /** Stops the timer and waits for a retry in progress. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  readonly mailer: Mailer;
  /** Where kept mails wait (the `mail_outbox` table). */
  readonly db: Db;
  readonly retrySeconds: number;
  readonly log: FastifyBaseLogger;
  /** Counts each mail's fate for management/prometheus. */
  readonly counters: BusinessCounters;
}

export function createMailOutbox({ mailer, db, retrySeconds, log, counters }: OutboxOptions): MailOutbox {
  const job = scheduleJob({
    db,
    name: 'mail-outbox',
    lock: LOCKS.mailOutbox,
    everyMs: retrySeconds * 1000,
    log,
    work: async (session) => {
      const report = await retryPending(session, (message) => mailer.send(message), retrySeconds);
      // A queued mail's first attempt counts as a mail sent at once, or kept, as deliver's do.
      counters.mail('sent', report.firstSent);
      counters.mail('kept', report.firstFailed);
      counters.mail('retried', report.sent - report.firstSent);
      counters.mail('retry_failed', report.failed - report.firstFailed);
      if (report.sent || report.failed) log.info(report, 'kept mails retried');
    },
  });
  return {
    retrySeconds,
    async deliver(message) {
      try {
        await mailer.send(message);
        counters.mail('sent');
        return 'sent';
      } catch (error) {
        if (isPermanentMailError(error) || isOutOfSpace(error)) {
          counters.mail('refused');
          throw error;
        }
        const reason = error instanceof Error ? error.message : String(error);
        try {
          await keepPending(db, message, reason, retrySeconds);
        } catch (keepError) {
          counters.mail('refused');
          log.error({ err: keepError }, 'mail could not be kept for a retry');
          throw new MailNotKept(reason, { cause: keepError });
        }
        counters.mail('kept');
        log.warn({ reason }, 'mail not sent now: kept for a retry');
        return 'kept';
      }
    },
    retry: job.run,
    start: job.start,
    stop: job.stop,
  };
}
