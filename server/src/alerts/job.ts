/**
 * The digest as scheduled work (db/scheduled.ts): every instance checks once a minute (or every
 * ALERT_DIGEST_INTERVAL_SECONDS when shorter) whether a digest period began, under the digest's
 * advisory lock so one instance runs it at a time; the mails it queued are then sent by the
 * outbox at once (or kept and retried there, as every mail).
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCKS, type ScheduledJob, scheduleJob } from '../db/scheduled.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { type DigestOptions, type DigestSchedule, digestSlot, runDigest } from './digest.ts';

export interface DigestJobOptions extends DigestOptions {
  readonly schedule: DigestSchedule;
  readonly outbox: MailOutbox;
  readonly log: FastifyBaseLogger;
  readonly now?: () => number;
}

export function createDigestJob(options: DigestJobOptions): ScheduledJob {
  const { schedule } = options;
  const checkSeconds = Math.min(60, schedule.intervalSeconds ?? 60);
  return scheduleJob({
    db: options.db,
    name: 'alert-digest',
    lock: LOCKS.alertDigest,
    everyMs: checkSeconds * 1000,
    log: options.log,
    work: async () => {
      const slot = digestSlot(new Date(options.now?.() ?? Date.now()), schedule);
      const report = await runDigest(options, slot);
      if (report.mailed === 0) return;
      options.log.info({ ...report, slot }, 'alert digests queued');
      await options.outbox.retry();
    },
  });
}
