/**
 * The Prometheus exposition of management/prometheus, written by prom-client so that
 * `promtool check metrics` accepts it: process and Node metrics (CPU, memory, file descriptors,
 * event-loop lag, garbage collection), request durations as a real histogram labelled with the
 * matched route pattern (never the raw URL, whose ids would make one series per row), method and
 * status, the database pool, the read replica, the mail outbox's backlog, and the business
 * counters (business-counters.ts). One registry per application, so tests building several apps
 * in one process do not share figures.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type FallbackReason, isReplicaReader, type ReplicaReader } from '../db/replica-reader.ts';
import type { Db } from '../db/types.ts';
import { BusinessCounters } from './business-counters.ts';

/** Seconds: from a cached account read (~1 ms) to a large export (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of a request no route matched: one series, whatever URL was asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PoolFigures {
  readonly total: number;
  readonly active: number;
  readonly waiting: number;
}

/** The PostgreSQL pool's figures; the embedded database is one connection, never waited for. */
export function poolFigures(db: Db): PoolFigures {
  const stats = (db as { poolStats?: () => { total: number; idle: number; waiting: number } }).poolStats?.();
  return stats
    ? { total: stats.total, active: stats.total - stats.idle, waiting: stats.waiting }
    : { total: 1, active: 0, waiting: 0 };
}

/** One figure of the outbox, NaN when the database does not give it within a second. */
async function outboxFigure(db: Db, sql: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(Number.NaN), 1000);
  });
  const figure = db.query<{ n: number }>(sql).then(
    ([row]) => Number(row?.n ?? Number.NaN),
    () => Number.NaN,
  );
  return Promise.race([figure, late]).finally(() => clearTimeout(timer));
}

export class PrometheusMetrics {
  readonly registry = new Registry();
  /** What the product did (sign-ins, exports, imports, mails), in this registry. */
  readonly counters = new BusinessCounters(this.registry);
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time answering HTTP requests, by matched route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being answered.',
    registers: [this.registry],
  });

  constructor(db: Db) {
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which promtool rejects; nodejs_active_{handles,requests,resources}
    // carry the same figures by type.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      this.registry.removeSingleMetric(name);
    new Gauge({
      name: 'extranet_db_pool_connections',
      help: 'Database connections, by state (total, active, waiting for a connection).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const figures = poolFigures(db);
        this.set({ state: 'total' }, figures.total);
        this.set({ state: 'active' }, figures.active);
        this.set({ state: 'waiting' }, figures.waiting);
      },
    });
    if (isReplicaReader(db.reader)) this.replicaMetrics(db.reader);
    new Gauge({
      name: 'extranet_mail_outbox_messages',
      help: 'Mails kept in the outbox for a retry (the mail server did not take them).',
      registers: [this.registry],
      async collect() {
        this.set(await outboxFigure(db, 'SELECT count(*)::float8 AS n FROM mail_outbox'));
      },
    });
    new Gauge({
      name: 'extranet_mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest mail kept in the outbox (0 when it is empty).',
      registers: [this.registry],
      async collect() {
        this.set(
          await outboxFigure(
            db,
            'SELECT coalesce(extract(epoch FROM now() - min(kept_at)), 0)::float8 AS n FROM mail_outbox',
          ),
        );
      },
    });
  }

  /** The replica's state: serving or not, its lag, the reads sent to the primary instead. */
  private replicaMetrics(reader: ReplicaReader) {
    new Gauge({
      name: 'extranet_db_replica_serving',
      help: 'Whether reads go to the read replica (1) or, the replica being down or behind, to the primary (0).',
      registers: [this.registry],
      collect() {
        this.set(reader.status().serving ? 1 : 0);
      },
    });
    new Gauge({
      name: 'extranet_db_replica_lag_seconds',
      help: 'How long ago the primary reached the oldest WAL position the replica has not replayed (NaN while it does not answer).',
      registers: [this.registry],
      collect() {
        this.set(reader.status().lagSeconds ?? Number.NaN);
      },
    });
    const counted: Record<FallbackReason, number> = { down: 0, behind: 0, failed: 0 };
    new Counter({
      name: 'extranet_db_replica_fallback_reads_total',
      help: 'Reads sent to the primary instead of the replica, by reason (down, behind, failed: a read on it failed to connect).',
      labelNames: ['reason'] as const,
      registers: [this.registry],
      collect() {
        const { fallbacks } = reader.status();
        for (const reason of Object.keys(counted) as FallbackReason[]) {
          this.inc({ reason }, fallbacks[reason] - counted[reason]);
          counted[reason] = fallbacks[reason];
        }
      },
    });
  }

  started() {
    this.inFlight.inc();
  }

  /** `route` is the pattern Fastify matched (`/api/police/:id`), undefined when none did. */
  answered(route: string | undefined, method: string, status: number, ms: number) {
    this.inFlight.dec();
    this.durations.observe({ route: route ?? UNMATCHED_ROUTE, method, status: String(status) }, ms / 1000);
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
