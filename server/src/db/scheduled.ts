/**
 * Work every instance schedules but only one may run at a time (retrying kept mails, sweeping
 * ended throttling windows): each run takes a session-level advisory lock on one connection and
 * skips its turn when another instance holds it. A process that dies mid-run loses its
 * connection, and PostgreSQL releases the lock with it. On the embedded database (one process)
 * the same statements run on its one connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from './types.ts';

/** Advisory lock ids (one per job; migrate.ts uses 727_274_001). */
export const LOCKS = {
  mailOutbox: 727_274_010,
  throttleSweep: 727_274_011,
  alertDigest: 727_274_018,
  retention: 727_274_030,
  webhooks: 727_274_080,
} as const;

/**
 * Runs `work` on one connection while holding advisory lock `key`; returns undefined without
 * running it when another session holds the lock.
 */
export async function runExclusive<T>(
  db: Db,
  key: number,
  work: (session: Queryable) => Promise<T>,
): Promise<T | undefined> {
  return db.session(async (session) => {
    const [row] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      key,
    ]);
    if (!row?.locked) return undefined;
    try {
      return await work(session);
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  });
}

export interface ScheduledJob {
  /** Runs now (at most one run of this job at a time in this process). */
  run(): Promise<void>;
  /** First run now, then every `everyMs`. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface JobOptions {
  readonly db: Db;
  readonly name: string;
  readonly lock: number;
  readonly everyMs: number;
  readonly log: FastifyBaseLogger;
  readonly work: (session: Queryable) => Promise<void>;
  /** false: the first run waits one interval instead of running at start (default true). */
  readonly atStart?: boolean;
}

export function scheduleJob({
  db,
  name,
  lock,
  everyMs,
  log,
  work,
  atStart = true,
}: JobOptions): ScheduledJob {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= runExclusive(db, lock, work)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error, job: name }, 'scheduled job failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    run,
    start() {
      if (atStart) void run();
      timer ??= setInterval(run, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
