/**
 * The management endpoints (docs/api-conventions.md §7) in JHipster's shapes: health and the
 * probes (public), metrics, Prometheus' text, log levels, audits and the thread dump (admins).
 */
import { Schema } from 'effect';
import { SETTABLE_LOG_LEVELS } from '../domain/health.ts';
import { AuditEvent, Logger, Metrics, ThreadDumpEntry } from '../domain/management.ts';
import { endpoint } from './endpoint.ts';

const common = { group: 'Management', method: 'GET' } as const;
const admin = { ...common, access: 'management.read' } as const;

const optionalInt = Schema.optional(Schema.Number.pipe(Schema.int()));
const indicator = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct({ status: Schema.String, error: Schema.optional(Schema.String), ...fields });
const database = { database: Schema.optional(Schema.String), hello: optionalInt };

/** JHipster 4.x health: the indicators beside `status`, each with its own status and details. */
const Health = Schema.Struct({
  status: Schema.Literal('UP', 'DOWN'),
  diskSpace: Schema.optional(indicator({ total: optionalInt, free: optionalInt, threshold: optionalInt })),
  db: Schema.optional(indicator(database)),
  replica: Schema.optional(
    indicator({
      ...database,
      lagSeconds: Schema.optional(Schema.Number),
      reads: Schema.optional(Schema.Literal('replica', 'primary')),
    }),
  ),
  mail: Schema.optional(indicator({ transport: Schema.optional(Schema.Literal('smtp', 'outbox')) })),
}).annotations({
  identifier: 'Health',
  description: 'Details (diskSpace, db, replica, mail) only for ROLE_ADMIN.',
});

/** A logger level change; other properties are ignored. */
const LoggerChange = Schema.Struct({
  name: Schema.String.pipe(
    Schema.minLength(1),
    Schema.maxLength(140),
    Schema.pattern(/^[A-Za-z0-9_.$-]+$/),
  ).annotations({
    description: 'logger name',
  }),
  level: Schema.Literal(...SETTABLE_LOG_LEVELS),
}).annotations({ identifier: 'LoggerChange' });

/** A query parameter the handler reads itself, once or repeated, as it always has. */
const repeatable = (description: string) =>
  Schema.optional(Schema.Union(Schema.String, Schema.Array(Schema.String)).annotations({ description }));

const Audit = AuditEvent.annotations({ identifier: 'AuditEvent' });

export const management = {
  health: endpoint({
    ...common,
    id: 'health',
    path: '/management/health',
    summary: 'Health of the database, disk space and mail',
    description: 'Details only for ROLE_ADMIN; everyone else gets `{status}`.',
    access: 'public',
    success: {
      status: 200,
      description: 'everything UP',
      schema: Health,
      unavailable: 'something DOWN (same body)',
    },
  }),
  liveness: endpoint({
    ...common,
    id: 'liveness',
    path: '/management/health/liveness',
    summary: 'Liveness probe: the process answers',
    description: 'Touches neither the database nor the mail server. Always `{"status":"UP"}`.',
    access: 'public',
    success: { status: 200, description: 'the process answers', schema: Health },
  }),
  readiness: endpoint({
    ...common,
    id: 'readiness',
    path: '/management/health/readiness',
    summary: 'Readiness probe: the database answers and is migrated',
    description:
      'DOWN while the database is unreachable (2 s at most), or lacks a migration of this build. The mail server is not checked.',
    access: 'public',
    success: { status: 200, description: 'ready', schema: Health, unavailable: 'not ready' },
  }),
  metrics: endpoint({
    ...admin,
    id: 'metrics',
    path: '/management/metrics',
    summary: 'Metrics in the JHipster JSON shape',
    success: {
      status: 200,
      description: 'metrics',
      schema: Metrics.annotations({
        identifier: 'Metrics',
        description: 'The JHipster metrics shape filled with Node equivalents (docs/design.md §5).',
      }),
    },
  }),
  prometheus: endpoint({
    ...admin,
    id: 'prometheus',
    path: '/management/prometheus',
    summary: 'Metrics in the Prometheus text exposition format (also open to the PROMETHEUS_TOKEN bearer)',
    success: { status: 200, description: 'text format 0.0.4 (prom-client)', text: ['text/plain'] },
  }),
  loggers: endpoint({
    ...admin,
    id: 'listLoggers',
    path: '/management/logs',
    summary: 'Named loggers and their levels',
    success: {
      status: 200,
      description: 'loggers',
      schema: Schema.Array(Logger.annotations({ identifier: 'Logger' })),
    },
  }),
  setLevel: endpoint({
    ...admin,
    id: 'setLoggerLevel',
    method: 'PUT',
    path: '/management/logs',
    summary: "Change a logger's level at run time",
    description: 'On every instance of the database.',
    objectName: 'loggerVM',
    body: LoggerChange,
    success: { status: 204, description: 'changed' },
    errors: ['BadRequest'],
  }),
  audits: endpoint({
    ...admin,
    id: 'listAudits',
    path: '/management/audits',
    summary: 'Sign-in successes and failures, paged (default sort timestamp,desc, size 20)',
    description: 'Sortable on timestamp, principal, type, data.message.',
    query: Schema.Struct({
      fromDate: repeatable('first day, yyyy-MM-dd (inclusive)'),
      toDate: repeatable('last day, yyyy-MM-dd (inclusive)'),
      page: repeatable('0-based page number (default 0)'),
      size: repeatable('page size (default 20)'),
      sort: repeatable('`field,asc` or `field,desc`, repeatable'),
    }),
    success: {
      status: 200,
      description: 'one page of events',
      schema: Schema.Array(Audit),
      headers: ['paging'],
    },
    errors: ['BadRequest'],
  }),
  audit: endpoint({
    ...admin,
    id: 'getAudit',
    path: '/management/audits/{id}',
    summary: 'One audit event',
    objectName: 'audit',
    // Any text: the handler answers 404 for one that is no event's id.
    params: Schema.Struct({
      id: Schema.String.annotations({ jsonSchema: { type: 'integer', minimum: 0, description: 'event id' } }),
    }),
    success: { status: 200, description: 'the event', schema: Audit },
    errors: ['NotFound'],
  }),
  dump: endpoint({
    ...admin,
    id: 'threadDump',
    path: '/management/dump',
    summary: 'The main thread (with its JavaScript stack) and the worker pool, as a thread dump',
    success: {
      status: 200,
      description: 'threads',
      schema: Schema.Array(ThreadDumpEntry.annotations({ identifier: 'ThreadInfo' })),
    },
  }),
};
