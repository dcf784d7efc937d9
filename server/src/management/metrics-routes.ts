/**
 * `GET /management/metrics`: the JHipster JSON shape (Dropwizard names) filled with Node figures
 * for the admin screen: memory, event loop, garbage collection, HTTP counts and rates, the
 * database pool and the verified-token cache. ROLE_ADMIN. Prometheus reads prometheus-routes.ts.
 */
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenService } from '../auth/jwt.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { FILTER, type HttpMetrics } from './http-metrics.ts';
import { Histogram } from './meters.ts';
import type { NodeStats } from './node-stats.ts';
import { poolFigures } from './prometheus.ts';

export interface MetricsDeps {
  readonly db: Db;
  readonly http: HttpMetrics;
  readonly node: NodeStats;
  /** Its verified-token cache is the server's one cache: its statistics fill the cache section. */
  readonly tokens?: TokenService;
}

/** The verified-token cache in JHipster's `jcache.statistics.<cache>.<stat>` gauges. */
function tokenCacheGauges(tokens: TokenService | undefined): Record<string, { value: number }> {
  if (tokens === undefined) return {};
  const { hits, misses, evictions } = tokens.cacheStats();
  const gets = hits + misses;
  const name = 'jcache.statistics.verifiedTokens';
  return {
    [`${name}.cache-hits`]: { value: hits },
    [`${name}.cache-misses`]: { value: misses },
    [`${name}.cache-gets`]: { value: gets },
    [`${name}.cache-puts`]: { value: misses },
    [`${name}.cache-evictions`]: { value: evictions },
    [`${name}.cache-hit-percentage`]: { value: gets === 0 ? 0 : (hits * 100) / gets },
    [`${name}.cache-miss-percentage`]: { value: gets === 0 ? 0 : (misses * 100) / gets },
  };
}

async function metricsPlugin(app: FastifyInstance, deps: MetricsDeps) {
  const { db, http, node } = deps;
  const poolUsage = new Histogram();

  // Sampled at every answer, so the histogram shows the pool under the load it served.
  app.addHook('onResponse', async () => {
    poolUsage.update(poolFigures(db).active);
  });

  const metrics = () => {
    const memory = node.memory();
    const pool = poolFigures(db);
    poolUsage.update(pool.active);
    const delay = node.eventLoopDelay();
    const services: Record<string, unknown> = {};
    for (const [route, timer] of http.routes) services[`extranet.web.rest.${route}`] = timer.snapshot();
    return {
      version: '3.1.3',
      gauges: {
        'jvm.memory.total.used': { value: memory.rss },
        'jvm.memory.total.max': { value: memory.heapMax + memory.external },
        'jvm.memory.heap.used': { value: memory.heapUsed },
        'jvm.memory.heap.committed': { value: memory.heapTotal },
        'jvm.memory.heap.max': { value: memory.heapMax },
        'jvm.memory.heap.usage': { value: memory.heapUsed / memory.heapMax },
        'jvm.memory.non-heap.used': { value: memory.nonHeapUsed },
        'jvm.memory.non-heap.committed': { value: memory.nonHeapCommitted },
        'jvm.threads.count': { value: 1 + node.threadPoolSize() },
        'jvm.threads.runnable.count': { value: 1 },
        'jvm.threads.timed_waiting.count': { value: 0 },
        'jvm.threads.waiting.count': { value: node.threadPoolSize() },
        'jvm.threads.blocked.count': { value: 0 },
        'jvm.threads.daemon.count': { value: node.threadPoolSize() },
        'jvm.threads.deadlock.count': { value: 0 },
        'jvm.garbage.PS-MarkSweep.count': { value: node.major.count },
        'jvm.garbage.PS-MarkSweep.time': { value: Math.round(node.major.timeMs) },
        'jvm.garbage.PS-Scavenge.count': { value: node.minor.count },
        'jvm.garbage.PS-Scavenge.time': { value: Math.round(node.minor.timeMs) },
        'nodejs.eventloop.utilization': { value: node.eventLoopUtilization() },
        'nodejs.uptime': { value: process.uptime() },
        'HikariPool-1.pool.TotalConnections': { value: pool.total },
        'HikariPool-1.pool.ActiveConnections': { value: pool.active },
        'HikariPool-1.pool.IdleConnections': { value: pool.total - pool.active },
        'HikariPool-1.pool.PendingConnections': { value: 0 },
        ...tokenCacheGauges(deps.tokens),
      },
      counters: { [`${FILTER}.activeRequests`]: { count: http.active } },
      histograms: {
        'HikariPool-1.pool.Usage': poolUsage.snapshot(),
        'nodejs.eventloop.delay': delay,
      },
      meters: {
        [`${FILTER}.responseCodes.ok`]: http.codes.ok.snapshot(),
        [`${FILTER}.responseCodes.created`]: http.codes.created.snapshot(),
        [`${FILTER}.responseCodes.noContent`]: http.codes.noContent.snapshot(),
        [`${FILTER}.responseCodes.badRequest`]: http.codes.badRequest.snapshot(),
        [`${FILTER}.responseCodes.notFound`]: http.codes.notFound.snapshot(),
        [`${FILTER}.responseCodes.serverError`]: http.codes.serverError.snapshot(),
        [`${FILTER}.responseCodes.other`]: http.codes.other.snapshot(),
      },
      timers: { [`${FILTER}.requests`]: http.requests.snapshot(), ...services },
    };
  };

  route(app, management.metrics, async () => metrics());
}

export const metricsRoutes = fp(metricsPlugin, { name: 'management-metrics' });
