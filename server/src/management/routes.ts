/**
 * The management endpoints of JHIPSTER-CONTRACT §7, filled with Node figures: health (public
 * status, details for admins, 503 when something is DOWN), metrics (Dropwizard JSON shape),
 * prometheus (prom-client text exposition, also open to PROMETHEUS_TOKEN), logs (runtime levels), audits (persisted sign-ins), dump
 * (threads with their JavaScript stacks). ROLE_ADMIN except health.
 */
import { statfs } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { AUDIT_SORTABLE, findAuditEvent, listAuditEvents } from '../audit/events.ts';
import { ADMIN, allow, PUBLIC } from '../auth/access.ts';
import type { TokenService } from '../auth/jwt.ts';
import { hasAnyRole } from '../auth/plugin.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { parsePaging, setPageHeaders } from '../http/paging.ts';
import { problems } from '../http/problems.ts';
import type { Mailer } from '../mail/mailer.ts';
import { FILTER, type HttpMetrics } from './http-metrics.ts';
import type { LogLevelBroadcast } from './log-level-broadcast.ts';
import { JAVA_LEVELS, type JavaLevel, type LoggerRegistry } from './loggers.ts';
import { Histogram } from './meters.ts';
import type { NodeStats } from './node-stats.ts';
import { type PrometheusMetrics, poolFigures } from './prometheus.ts';

export interface ManagementDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly http: HttpMetrics;
  readonly node: NodeStats;
  readonly loggers: LoggerRegistry;
  /** Applies a level change on every instance of the database. */
  readonly logLevels: LogLevelBroadcast;
  /** Its verified-token cache is the server's one cache: its statistics fill the cache section. */
  readonly tokens?: TokenService;
  readonly prometheus: PrometheusMetrics;
}

type Status = 'UP' | 'DOWN';
const DISK_THRESHOLD = 10 * 1024 * 1024;
const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function parseDay(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const match = DATE.exec(value);
  const date = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw problems.badRequest(`${name} must be a date written yyyy-MM-dd`, undefined, 'error.validation');
  }
  return date;
}

const DAY_MS = 86_400_000;

interface Frame {
  className: string;
  methodName: string;
  fileName: string;
  lineNumber: number;
  nativeMethod: boolean;
}

/** The frames of a JavaScript stack in the shape of Java's StackTraceElement. */
export function framesOf(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const match = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+):\d+)?\)?$/.exec(line);
    if (!match) continue;
    const [, rawFn = '<anonymous>', location = '', lineNumber] = match;
    const fn = rawFn.replace(/^async /, '');
    const dot = fn.lastIndexOf('.');
    frames.push({
      className: dot > 0 ? fn.slice(0, dot) : location.replace(/^.*[\\/]/, ''),
      methodName: dot > 0 ? fn.slice(dot + 1) : fn,
      fileName: location.replace(/^file:\/\//, ''),
      lineNumber: lineNumber ? Number(lineNumber) : -1,
      nativeMethod: location === 'native',
    });
  }
  return frames;
}

function thread(name: string, id: number, state: string, stackTrace: Frame[]) {
  return {
    threadName: name,
    threadId: id,
    threadState: state,
    blockedCount: 0,
    blockedTime: -1,
    waitedCount: 0,
    waitedTime: -1,
    lockName: null,
    lockOwnerId: -1,
    lockOwnerName: null,
    inNative: false,
    suspended: false,
    lockInfo: null,
    lockedMonitors: [],
    lockedSynchronizers: [],
    stackTrace,
  };
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

export async function managementRoutes(app: FastifyInstance, deps: ManagementDeps) {
  const { db, config, mailer, http, node, loggers, logLevels, prometheus } = deps;
  const admin = allow(ADMIN);
  const poolUsage = new Histogram();

  app.addHook('onResponse', async () => {
    poolUsage.update(poolFigures(db).active);
  });

  app.get('/management/health', allow(PUBLIC), async (request, reply) => {
    const [dbHealth, disk, mail] = await Promise.all([
      withTimeout(
        db.query('SELECT 1 AS hello').then(
          (rows) => ({
            status: 'UP' as Status,
            database: db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
            hello: rows[0]?.hello,
          }),
          (error: unknown) => ({
            status: 'DOWN' as Status,
            error: error instanceof Error ? error.message : 'error',
          }),
        ),
        5000,
        { status: 'DOWN' as Status, error: 'timed out' },
      ),
      statfs(config.dataDir).then(
        (s) => {
          const total = s.blocks * s.bsize;
          const free = s.bavail * s.bsize;
          return {
            status: (free >= DISK_THRESHOLD ? 'UP' : 'DOWN') as Status,
            total,
            free,
            threshold: DISK_THRESHOLD,
          };
        },
        (error: unknown) => ({
          status: 'DOWN' as Status,
          error: error instanceof Error ? error.message : 'error',
        }),
      ),
      withTimeout(
        mailer
          .check()
          .then((r) =>
            r.ok
              ? { status: 'UP' as Status, transport: mailer.kind }
              : { status: 'DOWN' as Status, transport: mailer.kind, error: r.error },
          ),
        5000,
        { status: 'DOWN' as Status, transport: mailer.kind, error: 'timed out' },
      ),
    ]);
    const status: Status = [dbHealth, disk, mail].some((h) => h.status === 'DOWN') ? 'DOWN' : 'UP';
    reply.code(status === 'UP' ? 200 : 503);
    if (!hasAnyRole(request.principal, ['ROLE_ADMIN'])) return { status };
    return { status, diskSpace: disk, db: dbHealth, mail };
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

  app.get('/management/metrics', admin, async () => metrics());

  // Prometheus scrapes with PROMETHEUS_TOKEN (checked by the auth hook) or an admin's JWT.
  app.get(
    '/management/prometheus',
    { config: { access: ADMIN, ...(config.prometheusToken ? { scrapeToken: config.prometheusToken } : {}) } },
    async (_request, reply) => reply.type(prometheus.contentType).send(await prometheus.exposition()),
  );

  app.get('/management/logs', admin, async () => loggers.list());

  app.put<{ Body: { name: string; level: JavaLevel } }>(
    '/management/logs',
    {
      config: { objectName: 'loggerVM', access: ADMIN },
      schema: {
        body: {
          type: 'object',
          required: ['name', 'level'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 140, pattern: '^[A-Za-z0-9_.$-]+$' },
            level: { type: 'string', enum: [...JAVA_LEVELS] },
          },
        },
      },
    },
    async (request, reply) => {
      await logLevels.set(request.body.name, request.body.level);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: Record<string, string | string[]> }>(
    '/management/audits',
    admin,
    async (request, reply) => {
      const single = (name: string) => {
        const value = request.query[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const from = parseDay(single('fromDate'), 'fromDate') ?? new Date(0);
      const to = parseDay(single('toDate'), 'toDate');
      // An open end is the last representable day (PGlite cannot bind JavaScript's far future).
      const toExclusive = to ? new Date(to.getTime() + DAY_MS) : new Date(Date.UTC(9999, 11, 31));
      if (from >= toExclusive)
        throw problems.badRequest('fromDate must not be after toDate', pathOf(request));
      const paging = parsePaging(request.query, {
        sortable: AUDIT_SORTABLE,
        defaultSort: ['timestamp,desc'],
        defaultSize: 20,
        tieBreaker: 'id DESC',
      });
      const { total, events } = await listAuditEvents(
        db,
        from,
        toExclusive,
        paging.orderBy,
        paging.size,
        paging.offset,
      );
      setPageHeaders(reply, pathOf(request), paging, total);
      return events;
    },
  );

  app.get<{ Params: { id: string } }>('/management/audits/:id', admin, async (request) => {
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const event = id === undefined ? undefined : await findAuditEvent(db, id);
    if (!event) throw problems.entityNotFound('audit', pathOf(request));
    return event;
  });

  app.get('/management/dump', admin, async () => {
    const main = thread('main', threadId, 'RUNNABLE', framesOf(new Error('dump').stack));
    const pool = Array.from({ length: node.threadPoolSize() }, (_, i) =>
      thread(`libuv-worker-${i + 1}`, 1000 + i, 'WAITING', []),
    );
    return [main, ...pool];
  });
}
