/**
 * The one path every mail takes (issue 14 §7): activation, password reset, the set-password mail
 * of an admin-created user and after-sales messages alike. A mail the mail server does not take
 * for a passing reason (unreachable, 4xx) is kept in `DATA_DIR/outbox/pending/` (pending.ts) and
 * sent again at start and every AFTER_SALES_RETRY_SECONDS, oldest first, until it goes. What a
 * retry would not change is not kept: a permanent refusal (SMTP 5xx) and a full disk (the kept
 * copy would need the same disk) reach the caller as errors.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isOutOfSpace } from './files.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { keepPending, type RetryReport, retryPending } from './pending.ts';

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
  /** Tries every kept mail once (at most one run at a time). */
  retry(): Promise<void>;
  readonly retrySeconds: number;
  /** Retries now and then on a timer. */
  start(): void;
  /** Stops the timer and waits for a retry in progress. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  readonly mailer: Mailer;
  /** The folder kept mails wait in (`pendingDir(outboxDir(DATA_DIR))`). */
  readonly dir: string;
  readonly retrySeconds: number;
  readonly log: FastifyBaseLogger;
}

export function createMailOutbox({ mailer, dir, retrySeconds, log }: OutboxOptions): MailOutbox {
  let retrying: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    retrying ??= retryPending(dir, mailer)
      .then((report: RetryReport) => {
        if (report.sent || report.failed) log.info(report, 'kept mails retried');
      })
      .catch((error: unknown) => log.error({ err: error }, 'kept mails: retry failed'))
      .finally(() => {
        retrying = undefined;
      });
    return retrying;
  };
  return {
    retrySeconds,
    async deliver(message) {
      try {
        await mailer.send(message);
        return 'sent';
      } catch (error) {
        if (isPermanentMailError(error) || isOutOfSpace(error)) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        try {
          keepPending(dir, message, reason);
        } catch (keepError) {
          log.error({ err: keepError }, 'mail could not be kept for a retry');
          throw new MailNotKept(reason, { cause: keepError });
        }
        log.warn({ reason }, 'mail not sent now: kept for a retry');
        return 'kept';
      }
    },
    retry,
    start() {
      void retry();
      timer ??= setInterval(retry, retrySeconds * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await retrying;
    },
  };
}
