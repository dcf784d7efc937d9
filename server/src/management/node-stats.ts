/**
 * Node's own figures, standing in for the JVM ones of the metrics screen: V8 heap for JVM
 * memory, garbage collections (major = "PS-MarkSweep", minor = "PS-Scavenge"), event-loop delay
 * and utilisation, and libuv's thread pool for threads.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

export interface GcTotals {
  count: number;
  timeMs: number;
}

export class NodeStats {
  readonly major: GcTotals = { count: 0, timeMs: 0 };
  readonly minor: GcTotals = { count: 0, timeMs: 0 };
  private readonly delay = monitorEventLoopDelay({ resolution: 20 });
  private readonly observer: PerformanceObserver;
  private lastElu = performance.eventLoopUtilization();

  constructor() {
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        const totals = kind === constants.NODE_PERFORMANCE_GC_MINOR ? this.minor : this.major;
        totals.count += 1;
        totals.timeMs += entry.duration;
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
    this.delay.enable();
  }

  memory() {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    return {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      heapMax: heap.heap_size_limit,
      external: usage.external,
      nonHeapUsed: Math.max(0, usage.rss - usage.heapTotal),
      nonHeapCommitted: Math.max(0, usage.rss - usage.heapUsed),
    };
  }

  /** Event-loop delay in milliseconds (since the last reset of the monitor). */
  eventLoopDelay() {
    const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    return {
      min: ms(this.delay.min),
      max: ms(this.delay.max),
      mean: ms(this.delay.mean),
      stddev: ms(this.delay.stddev),
      p50: ms(this.delay.percentile(50)),
      p75: ms(this.delay.percentile(75)),
      p95: ms(this.delay.percentile(95)),
      p98: ms(this.delay.percentile(98)),
      p99: ms(this.delay.percentile(99)),
      p999: ms(this.delay.percentile(99.9)),
      count: this.delay.count,
    };
  }

  /** Share of time the event loop was busy since the previous call (0..1). */
  eventLoopUtilization(): number {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, this.lastElu);
    this.lastElu = now;
    return delta.utilization;
  }

  threadPoolSize(): number {
    const size = Number(process.env.UV_THREADPOOL_SIZE);
    return Number.isInteger(size) && size > 0 ? size : 4;
  }

  stop() {
    this.observer.disconnect();
    this.delay.disable();
  }
}
