import { describe, expect, it } from 'vitest';
import { fakeDeps, json } from '../../testing/fakeDeps.ts';
import { run } from './show.ts';

/** The server's metrics as `management/metrics` sends them: timers in seconds, event loop in ms. */
const metrics = {
  gauges: {
    'nodejs.uptime': { value: 5025.4 },
    'jvm.memory.heap.used': { value: 80 * 1024 * 1024 },
    'jvm.memory.heap.max': { value: 4096 * 1024 * 1024 },
    'jvm.memory.total.used': { value: 500 * 1024 * 1024 },
    'nodejs.eventloop.utilization': { value: 0.041 },
  },
  timers: {
    'extranet.web.requests': {
      count: 34,
      mean: 0.0253,
      p99: 0.512,
      m1_rate: 0.44,
      duration_units: 'seconds',
    },
  },
  histograms: { 'nodejs.eventloop.delay': { p99: 50.4 } },
  meters: { 'extranet.web.responseCodes.ok': { count: 30 } },
  counters: { 'extranet.web.activeRequests': { count: 1 } },
};

describe('metrics run()', () => {
  it('durations carry their unit: a mean of 0.0253 s is 25.3 ms, uptime in h and min', async () => {
    const fake = fakeDeps({
      routes: { 'GET management/metrics': () => json(metrics) },
      out: { format: 'table' },
    });
    await run({}, fake.deps);
    expect(fake.stdout()).toMatch(
      /^HTTP requests \(mean, 1-min rate\)\s+34 \(25\.3 ms, p99 512 ms, 0\.44\/s\)$/m,
    );
    expect(fake.stdout()).toMatch(/^Uptime\s+1 h 23 min$/m);
    expect(fake.stdout()).toMatch(/^Event loop\s+4\.1 %, p99 50\.4 ms$/m);
  });

  it('json: milliseconds where the name says Ms', async () => {
    const fake = fakeDeps({
      routes: { 'GET management/metrics': () => json(metrics) },
      out: { format: 'json' },
    });
    await run({}, fake.deps);
    const body = JSON.parse(fake.stdout());
    expect(body.http.meanMs).toBeCloseTo(25.3, 6);
    expect(body.http.p99Ms).toBeCloseTo(512, 6);
    expect(body.eventLoop.delayP99Ms).toBe(50.4);
    expect(body.uptimeSeconds).toBe(5025.4);
  });

  it('a pipe: key/value rows', async () => {
    const fake = fakeDeps({ routes: { 'GET management/metrics': () => json(metrics) } });
    await run({}, fake.deps);
    expect(fake.stdout()).toMatch(/^uptime\t1 h 23 min$/m);
  });
});
