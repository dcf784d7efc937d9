/** The management endpoints (docs/design.md §5): health, metrics, prometheus, logs, audits, dump. */
import {
  arrayOf,
  type Json,
  jsonContent,
  okEmpty,
  okJson,
  operation,
  PAGING_PARAMS,
  pageHeaders,
  pathParam,
  queryParam,
  ref,
} from './builders.ts';

const ADMIN = ['ROLE_ADMIN'];
const tag = 'Management';

export const MANAGEMENT_PATHS: Record<string, Json> = {
  '/management/health': {
    get: operation({
      id: 'health',
      tag,
      summary: 'Health of the database, disk space and mail',
      roles: 'public',
      description: 'Details only for ROLE_ADMIN; everyone else gets `{status}`.',
      ok: { 200: okJson('everything UP', ref('Health')) },
      extraResponses: { 503: okJson('something DOWN (same body)', ref('Health')) },
    }),
  },
  '/management/health/liveness': {
    get: operation({
      id: 'liveness',
      tag,
      summary: 'Liveness probe: the process answers',
      roles: 'public',
      description: 'Touches neither the database nor the mail server. Always `{"status":"UP"}`.',
      ok: { 200: okJson('the process answers', ref('Health')) },
    }),
  },
  '/management/health/readiness': {
    get: operation({
      id: 'readiness',
      tag,
      summary: 'Readiness probe: the database answers and is migrated',
      roles: 'public',
      description:
        'DOWN while the database is unreachable (2 s at most), or lacks a migration of this build. The mail server is not checked.',
      ok: { 200: okJson('ready', ref('Health')) },
      extraResponses: { 503: okJson('not ready', ref('Health')) },
    }),
  },
  '/management/metrics': {
    get: operation({
      id: 'metrics',
      tag,
      summary: 'Metrics in the JHipster JSON shape',
      roles: ADMIN,
      ok: { 200: okJson('metrics', ref('Metrics')) },
    }),
  },
  '/management/prometheus': {
    get: operation({
      id: 'prometheus',
      tag,
      summary: 'Metrics in the Prometheus text exposition format (also open to the PROMETHEUS_TOKEN bearer)',
      roles: ADMIN,
      ok: {
        200: {
          description: 'text format 0.0.4 (prom-client)',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
      },
    }),
  },
  '/management/logs': {
    get: operation({
      id: 'listLoggers',
      tag,
      summary: 'Named loggers and their levels',
      roles: ADMIN,
      ok: { 200: okJson('loggers', arrayOf(ref('Logger'))) },
    }),
    put: operation({
      id: 'setLoggerLevel',
      tag,
      summary: "Change a logger's level at run time",
      roles: ADMIN,
      body: { content: jsonContent(ref('LoggerChange')) },
      ok: { 204: okEmpty('changed') },
      errors: ['BadRequest'],
    }),
  },
  '/management/audits': {
    get: operation({
      id: 'listAudits',
      tag,
      summary: 'Sign-in successes and failures, paged (default sort timestamp,desc, size 20)',
      roles: ADMIN,
      params: [
        queryParam('fromDate', 'first day, yyyy-MM-dd (inclusive)', { type: 'string', format: 'date' }),
        queryParam('toDate', 'last day, yyyy-MM-dd (inclusive)', { type: 'string', format: 'date' }),
        ...PAGING_PARAMS,
      ],
      ok: { 200: okJson('one page of events', arrayOf(ref('AuditEvent')), pageHeaders) },
      errors: ['BadRequest'],
      description: 'Sortable on timestamp, principal, type, data.message.',
    }),
  },
  '/management/audits/{id}': {
    get: operation({
      id: 'getAudit',
      tag,
      summary: 'One audit event',
      roles: ADMIN,
      params: [pathParam('id', 'event id', { type: 'integer', minimum: 0 })],
      ok: { 200: okJson('the event', ref('AuditEvent')) },
      errors: ['NotFound'],
    }),
  },
  '/management/dump': {
    get: operation({
      id: 'threadDump',
      tag,
      summary: 'The main thread (with its JavaScript stack) and the worker pool, as a thread dump',
      roles: ADMIN,
      ok: { 200: okJson('threads', arrayOf(ref('ThreadInfo'))) },
    }),
  },
};
