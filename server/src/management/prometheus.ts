/**
 * The Prometheus exposition of management/prometheus, written by prom-client so that
 * `promtool check metrics` accepts it: process and Node metrics (CPU, memory, file descriptors,
 * event-loop lag, garbage collection), request durations as a real histogram labelled with the
 * matched route pattern (never the raw URL, whose ids would make one series per row), method and
 * status, and the database pool. One registry per application, so tests building several apps
 * in one process do not share figures.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/types.ts';

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

export class PrometheusMetrics {
  readonly registry = new Registry();
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
      name: 'db_pool_connections',
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
