import type { Metric, Metrics } from '@extranet/core/domain/management.ts';

/** The `--json` shape of `extranet metrics`: the figures an operator checks first (docs/cli.md). */
export interface MetricsSummary {
  readonly uptimeSeconds: number | null;
  readonly memory: {
    readonly heapUsed: number | null;
    readonly heapMax: number | null;
    readonly rss: number | null;
  };
  readonly eventLoop: { readonly utilization: number | null; readonly delayP99Ms: number | null };
  readonly http: {
    readonly requests: number | null;
    readonly meanMs: number | null;
    readonly p99Ms: number | null;
    readonly perSecond1m: number | null;
    readonly active: number | null;
    readonly responses: Readonly<Record<string, number>>;
  };
  readonly db: { readonly connections: number | null; readonly active: number | null };
  readonly gc: { readonly major: number | null; readonly minor: number | null };
}

const endingWith = (group: Readonly<Record<string, Metric>>, suffix: string): Metric | undefined =>
  Object.entries(group).find(([key]) => key.endsWith(suffix))?.[1];

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Milliseconds of a timer's figure. Dropwizard timers report durations in `duration_units`,
 * seconds unless told (the server's are): a mean of 0.0253 is 25.3 ms.
 */
const timerMs = (timer: Metric | undefined, value: unknown): number | null => {
  const n = num(value);
  if (n === null) return null;
  const units = (timer as { duration_units?: unknown } | undefined)?.duration_units;
  const scale =
    units === 'milliseconds' ? 1 : units === 'microseconds' ? 0.001 : units === 'nanoseconds' ? 1e-6 : 1000;
  return n * scale;
};

/** Reads the JHipster-shaped metrics by name suffix (the filter's prefix varies between servers). */
export const summarize = (m: Metrics): MetricsSummary => {
  const gauge = (suffix: string) => num(endingWith(m.gauges, suffix)?.value);
  const requests = endingWith(m.timers, '.requests');
  const responses: Record<string, number> = {};
  for (const [key, meter] of Object.entries(m.meters)) {
    const match = /\.responseCodes\.(\w+)$/.exec(key);
    if (match?.[1] !== undefined) responses[match[1]] = meter.count ?? 0;
  }
  return {
    uptimeSeconds: gauge('nodejs.uptime'),
    memory: {
      heapUsed: gauge('jvm.memory.heap.used'),
      heapMax: gauge('jvm.memory.heap.max'),
      rss: gauge('jvm.memory.total.used'),
    },
    eventLoop: {
      utilization: gauge('nodejs.eventloop.utilization'),
      delayP99Ms: num(endingWith(m.histograms, 'nodejs.eventloop.delay')?.p99),
    },
    http: {
      requests: num(requests?.count),
      meanMs: timerMs(requests, requests?.mean),
      p99Ms: timerMs(requests, requests?.p99),
      perSecond1m: num(requests?.m1_rate),
      active: num(endingWith(m.counters, '.activeRequests')?.count),
      responses,
    },
    db: { connections: gauge('pool.TotalConnections'), active: gauge('pool.ActiveConnections') },
    gc: { major: gauge('MarkSweep.count'), minor: gauge('Scavenge.count') },
  };
};
