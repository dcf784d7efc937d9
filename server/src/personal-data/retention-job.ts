/**
 * The retention job (docs/security.md "Data protection"): every RETENTION_CHECK_SECONDS, one
 * instance of the fleet (the advisory lock of db/scheduled.ts) anonymises the insured persons
 * whose contract ended more than RETENTION_CONTRACT_YEARS ago, a batch per transaction, and
 * deletes the access records older than RETENTION_ACCESS_LOG_DAYS. Each anonymisation is
 * recorded in the access trail under the login `retention`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCKS, type ScheduledJob, scheduleJob } from '../db/scheduled.ts';
import type { Db, Queryable } from '../db/types.ts';
import { sweepAccessLog } from './access-log.ts';
import { anonymiseInsured, pastRetention } from './anonymise.ts';
import type { PersonalDataConfig } from './config.ts';

const BATCH = 500;

export interface RetentionReport {
  readonly anonymised: number;
  readonly accessEventsDeleted: number;
}

/** One pass at `now`, on a session holding the job's lock (or any connection in tests). */
export async function applyRetention(
  db: Queryable & Pick<Db, 'transaction'>,
  config: PersonalDataConfig,
  now: Date,
): Promise<RetentionReport> {
  let anonymised = 0;
  for (;;) {
    const batch = await pastRetention(db, now, config.contractYears, BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const idAssure of batch) {
        if (!(await anonymiseInsured(tx, idAssure, now))) continue;
        anonymised += 1;
        await tx.query(
          `INSERT INTO personal_data_access (at, login, kind, id_assure) VALUES ($1, 'retention', 'anonymise', $2)`,
          [now.toISOString(), idAssure],
        );
      }
    });
    if (batch.length < BATCH) break;
  }
  const accessEventsDeleted = await sweepAccessLog(db, config.accessLogDays, now);
  return { anonymised, accessEventsDeleted };
}

export function createRetentionJob(options: {
  readonly db: Db;
  readonly config: PersonalDataConfig;
  readonly log: FastifyBaseLogger;
  readonly now?: () => number;
}): ScheduledJob {
  const { db, config, log } = options;
  return scheduleJob({
    db,
    name: 'retention',
    lock: LOCKS.retention,
    everyMs: config.checkSeconds * 1000,
    // Not at start: a server (re)started for an hour's work, a test or a demo, sees its data as
    // loaded; retention is a matter of days, one interval later is soon enough.
    atStart: false,
    log,
    work: async () => {
      const report = await applyRetention(db, config, new Date(options.now?.() ?? Date.now()));
      if (report.anonymised > 0 || report.accessEventsDeleted > 0) log.info(report, 'retention applied');
    },
  });
}
