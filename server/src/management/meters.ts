/**
 * Dropwizard-style instruments for management/metrics: a meter (count, mean rate and
 * exponentially weighted 1/5/15-minute rates, per second), a histogram over a sliding window
 * of recent samples, and a timer combining both.
 */
const TICK_MS = 5000;
const alpha = (minutes: number) => 1 - Math.exp(-TICK_MS / 1000 / 60 / minutes);

class Ewma {
  private rate = 0;
  private uncounted = 0;
  private initialised = false;
  private readonly alpha: number;
  constructor(minutes: number) {
    this.alpha = alpha(minutes);
  }
  update(n: number) {
    this.uncounted += n;
  }
  tick() {
    const instant = this.uncounted / (TICK_MS / 1000);
    this.uncounted = 0;
    if (this.initialised) this.rate += this.alpha * (instant - this.rate);
    else {
      this.rate = instant;
      this.initialised = true;
    }
  }
  /** Events per second. */
  get perSecond() {
    return this.rate;
  }
}

export class Meter {
  count = 0;
  private readonly start: number;
  private lastTick: number;
  private readonly m1 = new Ewma(1);
  private readonly m5 = new Ewma(5);
  private readonly m15 = new Ewma(15);
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
    this.start = now();
    this.lastTick = this.start;
  }
  private tickIfNeeded() {
    const t = this.now();
    const ticks = Math.floor((t - this.lastTick) / TICK_MS);
    for (let i = 0; i < Math.min(ticks, 1000); i++) {
      this.m1.tick();
      this.m5.tick();
      this.m15.tick();
    }
    if (ticks > 0) this.lastTick += ticks * TICK_MS;
  }
  mark(n = 1) {
    this.tickIfNeeded();
    this.count += n;
    this.m1.update(n);
    this.m5.update(n);
    this.m15.update(n);
  }
  snapshot() {
    this.tickIfNeeded();
    const elapsed = (this.now() - this.start) / 1000;
    return {
      count: this.count,
      mean_rate: elapsed > 0 ? this.count / elapsed : 0,
      m1_rate: this.m1.perSecond,
      m5_rate: this.m5.perSecond,
      m15_rate: this.m15.perSecond,
      units: 'events/second',
    };
  }
}

export class Histogram {
  count = 0;
  private readonly window: number[] = [];
  private readonly size: number;
  constructor(size = 1028) {
    this.size = size;
  }
  update(value: number) {
    this.count += 1;
    this.window.push(value);
    if (this.window.length > this.size) this.window.shift();
  }
  snapshot(scale = 1) {
    const values = [...this.window].sort((a, b) => a - b);
    const n = values.length;
    const q = (p: number) =>
      n === 0 ? 0 : values[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))]! * scale;
    const mean = n === 0 ? 0 : values.reduce((s, v) => s + v, 0) / n;
    const variance = n < 2 ? 0 : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
    return {
      count: this.count,
      max: n === 0 ? 0 : values[n - 1]! * scale,
      mean: mean * scale,
      min: n === 0 ? 0 : values[0]! * scale,
      p50: q(0.5),
      p75: q(0.75),
      p95: q(0.95),
      p98: q(0.98),
      p99: q(0.99),
      p999: q(0.999),
      stddev: Math.sqrt(variance) * scale,
    };
  }
}

/** Durations, recorded in milliseconds and reported in seconds as Dropwizard timers are. */
export class Timer {
  private readonly meter: Meter;
  private readonly histogram = new Histogram();
  constructor(now: () => number = Date.now) {
    this.meter = new Meter(now);
  }
  get count() {
    return this.meter.count;
  }
  /** Total recorded time, for prometheus' `_sum`. */
  sumMs = 0;
  record(ms: number) {
    this.meter.mark();
    this.histogram.update(ms);
    this.sumMs += ms;
  }
  snapshot() {
    const { count: _c, units: _u, ...rates } = this.meter.snapshot();
    return {
      ...this.histogram.snapshot(1 / 1000),
      count: this.meter.count,
      ...rates,
      duration_units: 'seconds',
      rate_units: 'calls/second',
    };
  }
}
