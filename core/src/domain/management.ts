import { Schema } from 'effect';
import { LOG_LEVELS } from './health.ts';

export { type HealthItem, LOG_LEVELS, toHealth } from './health.ts';

export const LogLevel = Schema.Literal(...LOG_LEVELS, 'OFF', 'ALL');

/** `GET /management/logs` items; `PUT` takes the same shape. */
export const Logger = Schema.Struct({ name: Schema.String, level: LogLevel });
export type Logger = typeof Logger.Type;

/** `GET /management/audits` items. `data` is a string map (`message`, `remoteAddress`…). */
export const AuditEvent = Schema.Struct({
  id: Schema.optional(Schema.Number),
  timestamp: Schema.String,
  principal: Schema.String,
  type: Schema.String,
  data: Schema.optionalWith(Schema.Record({ key: Schema.String, value: Schema.Unknown }), {
    default: () => ({}),
  }),
});
export type AuditEvent = typeof AuditEvent.Type;

export const StackFrame = Schema.Struct({
  className: Schema.String,
  methodName: Schema.String,
  fileName: Schema.NullishOr(Schema.String),
  lineNumber: Schema.Number,
  nativeMethod: Schema.optional(Schema.Boolean),
});

/** `GET /management/dump` items (docs/product.md §3 "Thread dump entry"). */
export const ThreadDumpEntry = Schema.Struct({
  threadName: Schema.String,
  threadId: Schema.Number,
  threadState: Schema.String,
  blockedTime: Schema.Number,
  blockedCount: Schema.Number,
  waitedTime: Schema.Number,
  waitedCount: Schema.Number,
  lockName: Schema.NullishOr(Schema.String),
  lockOwnerId: Schema.optional(Schema.Number),
  lockOwnerName: Schema.optional(Schema.NullOr(Schema.String)),
  inNative: Schema.optional(Schema.Boolean),
  suspended: Schema.optional(Schema.Boolean),
  lockInfo: Schema.optional(Schema.Unknown),
  lockedMonitors: Schema.optional(Schema.Array(Schema.Unknown)),
  lockedSynchronizers: Schema.optional(Schema.Array(Schema.Unknown)),
  stackTrace: Schema.Array(StackFrame),
});
export type ThreadDumpEntry = typeof ThreadDumpEntry.Type;

/** Thread states the dump dialog counts and filters on. */
export const THREAD_STATES = ['RUNNABLE', 'WAITING', 'TIMED_WAITING', 'BLOCKED'] as const;

const num = Schema.optional(Schema.Number);
/** One Dropwizard metric: any of these fields, depending on its kind, and others (units, quantiles). */
export const Metric = Schema.Struct(
  {
    value: Schema.optional(Schema.Unknown),
    count: num,
    mean: num,
    min: num,
    max: num,
    p50: num,
    p75: num,
    p95: num,
    p99: num,
    mean_rate: num,
    m1_rate: num,
    m5_rate: num,
    m15_rate: num,
    /** The unit of a timer's durations (`seconds` here; Dropwizard's JSON may say otherwise). */
    duration_units: Schema.optional(Schema.String),
  },
  Schema.Record({ key: Schema.String, value: Schema.Unknown }),
);
export type Metric = typeof Metric.Type;

const group = Schema.optionalWith(Schema.Record({ key: Schema.String, value: Metric }), {
  default: () => ({}),
});
/** `GET /management/metrics` (JHipster 4.x Dropwizard shape, docs/api-conventions.md §7). */
export const Metrics = Schema.Struct({
  version: Schema.optional(Schema.String),
  gauges: group,
  counters: group,
  timers: group,
  meters: group,
  histograms: group,
});
export type Metrics = typeof Metrics.Type;

/** Cache names found in the gauges (`jcache.statistics.<cache>.<stat>`). */
export const cacheNames = (metrics: Metrics): string[] => {
  const names = new Set<string>();
  for (const key of Object.keys(metrics.gauges)) {
    const match = /^jcache\.statistics\.(.+)\.[a-z-]+$/.exec(key);
    if (match?.[1] !== undefined) names.add(match[1]);
  }
  return [...names].sort();
};
