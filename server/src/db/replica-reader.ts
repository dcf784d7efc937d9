/**
 * The reader of a primary with a streaming replica (DATABASE_READ_URL): reads go to the replica
 * while it answers and keeps up, else to the primary, so a replica that is down or far behind
 * costs the fleet its read offload, never its answers.
 *
 * Every CHECK_MS a probe compares the replica's replayed WAL position with the positions the
 * primary held lately: the lag is how long ago the primary reached the oldest position the
 * replica has not replayed. A replica that fails the probe (or does not answer it within
 * PROBE_TIMEOUT_MS), or lags more than `maxLagSeconds`, stops serving reads until a probe finds
 * it answering and caught up again. A read sent to a serving replica that fails for want of a
 * connection (refused, cut, shut down, no connection within PROBE_TIMEOUT_MS) is run again on
 * the primary and takes the replica out at once, without waiting for the next probe. Each change
 * is told to the listeners (the app logs it), and each read sent to the primary instead is
 * counted by reason for management/prometheus.
 *
 * A replica that stops answering without closing its connections holds the reads already sent
 * to it until TCP gives up; the reads after the next probe go to the primary.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { openPostgres, type PostgresDb } from './postgres.ts';
import type { Db, Queryable, Row } from './types.ts';

const CHECK_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;
/** Positions of the primary kept to measure the lag (one a second: the last ten minutes). */
const HISTORY = 600;

/** Why a read went to the primary: the replica was out (`down`, `behind`) or a read on it failed (`failed`). */
export type FallbackReason = 'down' | 'behind' | 'failed';

export interface ReplicaStatus {
  /** Whether reads go to the replica. */
  readonly serving: boolean;
  /** Seconds the replica's replay trails the primary; undefined while it does not answer. */
  readonly lagSeconds: number | undefined;
  readonly maxLagSeconds: number;
  /** Why it does not serve (the driver's message, or how far behind it is). */
  readonly reason: string | undefined;
  /** Reads sent to the primary instead, by reason, since the start. */
  readonly fallbacks: Readonly<Record<FallbackReason, number>>;
}

export interface ReplicaReader extends Db {
  /** The pool of whichever serves reads now (the COPY export takes a client of it itself). */
  readonly pool: pg.Pool;
  /** The replica itself (health checks, replica-wait.ts), never rerouted. */
  readonly replica: PostgresDb;
  status(): ReplicaStatus;
  /** Called on each change of `serving`; returns the unsubscribe function. */
  watch(listener: (status: ReplicaStatus) => void): () => void;
  /** Probes now (tests; the timer does it every CHECK_MS). */
  check(): Promise<ReplicaStatus>;
}

export const isReplicaReader = (db: Db | undefined): db is ReplicaReader =>
  db !== undefined && 'status' in db && 'watch' in db;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The replica could not be reached, as opposed to a statement it refused (a syntax or data
 * error would fail on the primary too, and must not run twice): connection exceptions (SQLSTATE
 * class 08), shutdowns (57P01–57P03), socket errors, and node-postgres' own messages for a
 * connection cut or not made in time.
 */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string')
    return code.startsWith('08') || code.startsWith('57P') || CONNECTION_CODES.has(code);
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i.test(
    message,
  );
}

/** `16/B374D848` → a number comparable with another position. */
const lsnValue = (lsn: string): bigint => {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

const timeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

export interface ReplicaReaderOptions {
  readonly primary: PostgresDb;
  readonly readUrl: string;
  readonly poolSize?: number;
  readonly maxLagSeconds: number;
  /** Clock (tests). */
  readonly now?: () => number;
}

export function openReplicaReader(options: ReplicaReaderOptions): ReplicaReader {
  const { primary, maxLagSeconds } = options;
  const now = options.now ?? Date.now;
  const replica = openPostgres(options.readUrl, options.poolSize, {
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  // Until the first probe answers, reads try the replica (a failed one falls back and takes it out).
  let serving = true;
  let lagSeconds: number | undefined;
  let reason: string | undefined;
  const fallbacks: Record<FallbackReason, number> = { down: 0, behind: 0, failed: 0 };
  const history: { at: number; lsn: bigint }[] = [];
  const listeners = new Set<(status: ReplicaStatus) => void>();

  const status = (): ReplicaStatus => ({
    serving,
    lagSeconds,
    maxLagSeconds,
    reason,
    fallbacks: { ...fallbacks },
  });
  const set = (next: boolean, why: string | undefined) => {
    reason = why;
    if (next === serving) return;
    serving = next;
    const current = status();
    for (const listener of listeners) listener(current);
  };

  const check = async (): Promise<ReplicaStatus> => {
    try {
      const [{ lsn: primaryLsn } = { lsn: null }] = await timeout(
        primary.query<{ lsn: string | null }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        PROBE_TIMEOUT_MS,
        'the primary',
      );
      const at = now();
      if (primaryLsn) {
        history.push({ at, lsn: lsnValue(primaryLsn) });
        if (history.length > HISTORY) history.shift();
      }
      const [row] = await timeout(
        replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn'),
        PROBE_TIMEOUT_MS,
        'the replica',
      );
      // Not a standby (no replay position): nothing to trail.
      const replayed = row?.lsn ? lsnValue(row.lsn) : undefined;
      const oldestMissing =
        replayed === undefined ? undefined : history.find((sample) => sample.lsn > replayed);
      lagSeconds = oldestMissing ? (now() - oldestMissing.at) / 1000 : 0;
      if (lagSeconds > maxLagSeconds)
        set(false, `replica behind by ${lagSeconds.toFixed(1)} s (more than ${maxLagSeconds} s)`);
      else set(true, undefined);
    } catch (error) {
      // A primary that does not answer is readiness' business; the replica keeps its state.
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith('the primary')) return status();
      lagSeconds = undefined;
      set(false, message || 'unreachable');
    }
    return status();
  };
  let probing: Promise<unknown> | undefined;
  const probe = () => {
    probing ??= check().finally(() => {
      probing = undefined;
    });
  };
  probe();
  const timer = setInterval(probe, CHECK_MS);
  timer.unref();

  /** Runs `read` on the replica when it serves, else (or when it cannot be reached) on the primary. */
  async function routed<T>(read: (db: Db) => Promise<T>): Promise<T> {
    if (!serving) {
      fallbacks[lagSeconds === undefined ? 'down' : 'behind'] += 1;
      return read(primary);
    }
    try {
      return await read(replica);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      fallbacks.failed += 1;
      lagSeconds = undefined;
      set(false, error instanceof Error ? error.message : String(error));
      return read(primary);
    }
  }
  const target = (): PostgresDb => {
    if (serving) return replica;
    fallbacks[lagSeconds === undefined ? 'down' : 'behind'] += 1;
    return primary;
  };

  return {
    kind: 'postgres',
    replica,
    get pool() {
      return target().pool;
    },
    query<T extends Row = Row>(sql: string, params?: readonly unknown[]) {
      return routed((db) => db.query<T>(sql, params));
    },
    exec(sql: string) {
      return routed((db) => db.exec(sql));
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return target().transaction(work);
    },
    session<T>(work: (session: Queryable) => Promise<T>) {
      return target().session(work);
    },
    async *stream<T extends Row = Row>(sql: string, params?: readonly unknown[], batchSize?: number) {
      const source = target();
      if (source === primary) {
        yield* primary.stream<T>(sql, params, batchSize);
        return;
      }
      // Falls back only while nothing was yielded: half an export cannot be read again elsewhere.
      let started = false;
      try {
        for await (const batch of replica.stream<T>(sql, params, batchSize)) {
          started = true;
          yield batch;
        }
      } catch (error) {
        if (started || !isUnreachable(error)) throw error;
        fallbacks.failed += 1;
        lagSeconds = undefined;
        set(false, error instanceof Error ? error.message : String(error));
        yield* primary.stream<T>(sql, params, batchSize);
      }
    },
    status,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    async close() {
      clearInterval(timer);
      await probing;
      await replica.close();
    },
  };
}

/** Logs each time the replica stops or starts serving reads, for as long as the app runs. */
export function watchReplica(app: FastifyInstance, db: Db): void {
  const reader = db.reader;
  if (!isReplicaReader(reader)) return;
  const log = app.log.child({ name: 'extranet.db.replica' });
  const stop = reader.watch((status) => {
    if (status.serving) log.info({ lagSeconds: status.lagSeconds }, 'replica back: reads go to it again');
    else log.warn({ reason: status.reason }, 'replica out: reads go to the primary');
  });
  app.addHook('onClose', async () => {
    stop();
  });
}
