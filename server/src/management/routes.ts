/**
 * The management endpoints of JHIPSTER-CONTRACT §7, filled with Node figures: health (public
 * status, details for admins, 503 when something is DOWN), metrics (Dropwizard JSON shape),
 * prometheus (text exposition), logs (runtime levels), audits (persisted sign-ins), dump
 * (threads with their JavaScript stacks). ROLE_ADMIN except health.
 */
import { statfs } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { AUDIT_SORTABLE, findAuditEvent, listAuditEvents } from '../audit/events.ts';
import { hasAnyRole, requireRole } from '../auth/plugin.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { parsePaging, setPageHeaders } from '../http/paging.ts';
import { problems } from '../http/problems.ts';
import type { Mailer } from '../mail/mailer.ts';
import { FILTER, type HttpMetrics } from './http-metrics.ts';
import { JAVA_LEVELS, type JavaLevel, type LoggerRegistry } from './loggers.ts';
import { Histogram } from './meters.ts';
import type { NodeStats } from './node-stats.ts';

export interface ManagementDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly http: HttpMetrics;
  readonly node: NodeStats;
  readonly loggers: LoggerRegistry;
}

type Status = 'UP' | 'DOWN';
const DISK_THRESHOLD = 10 * 1024 * 1024;
const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

function poolStats(db: Db): { total: number; active: number } {
  const stats = (db as { poolStats?: () => { total: number; idle: number } }).poolStats?.();
  return stats ? { total: stats.total, active: stats.total - stats.idle } : { total: 1, active: 0 };
}

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

export async function managementRoutes(app: FastifyInstance, deps: ManagementDeps) {
  const { db, config, mailer, http, node, loggers } = deps;
  const admin = { onRequest: requireRole('ROLE_ADMIN') };
  const poolUsage = new Histogram();

  app.addHook('onResponse', async () => {
    poolUsage.update(poolStats(db).active);
  });

  app.get('/management/health', async (request, reply) => {
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
    const pool = poolStats(db);
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

  app.get('/management/prometheus', admin, async (_request, reply) => {
    const memory = node.memory();
    const pool = poolStats(db);
    const delay = node.eventLoopDelay();
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string, samples: [string, number][]) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples)
        lines.push(`${name}${labels} ${Number.isFinite(value) ? value : 0}`);
    };
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [['', memory.rss]]);
    metric('process_uptime_seconds', 'gauge', 'Process uptime in seconds.', [['', process.uptime()]]);
    metric('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap used in bytes.', [['', memory.heapUsed]]);
    metric('nodejs_heap_size_total_bytes', 'gauge', 'V8 heap committed in bytes.', [['', memory.heapTotal]]);
    metric('nodejs_heap_size_limit_bytes', 'gauge', 'V8 heap limit in bytes.', [['', memory.heapMax]]);
    metric('nodejs_external_memory_bytes', 'gauge', 'Memory of C++ objects bound to JavaScript.', [
      ['', memory.external],
    ]);
    metric('nodejs_eventloop_delay_seconds', 'gauge', 'Event-loop delay percentiles.', [
      ['{quantile="0.5"}', delay.p50 / 1000],
      ['{quantile="0.99"}', delay.p99 / 1000],
      ['{quantile="1"}', delay.max / 1000],
    ]);
    metric('nodejs_gc_runs_total', 'counter', 'Garbage collections.', [
      ['{kind="major"}', node.major.count],
      ['{kind="minor"}', node.minor.count],
    ]);
    metric('nodejs_gc_duration_seconds_total', 'counter', 'Time spent in garbage collection.', [
      ['{kind="major"}', node.major.timeMs / 1000],
      ['{kind="minor"}', node.minor.timeMs / 1000],
    ]);
    metric('http_requests_active', 'gauge', 'Requests in flight.', [['', http.active]]);
    metric(
      'http_requests_total',
      'counter',
      'Requests answered, by status code.',
      [...http.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => [`{status="${status}"}`, n]),
    );
    metric('http_request_duration_seconds_sum', 'counter', 'Total time answering requests.', [
      ['', http.requests.sumMs / 1000],
    ]);
    metric('http_request_duration_seconds_count', 'counter', 'Requests timed.', [['', http.requests.count]]);
    metric('db_pool_connections', 'gauge', 'Database connections.', [
      ['{state="total"}', pool.total],
      ['{state="active"}', pool.active],
    ]);
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  app.get('/management/logs', admin, async () => loggers.list());

  app.put<{ Body: { name: string; level: JavaLevel } }>(
    '/management/logs',
    {
      ...admin,
      config: { objectName: 'loggerVM' },
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
      loggers.setLevel(request.body.name, request.body.level);
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
