import { expect, it } from 'vitest';
import { framesOf } from '../src/management/routes.ts';
import { forEachApp } from './helpers.ts';

const NON_ADMINS = ['courtier', 'grossiste', 'compta', 'user'];
const FILTER = 'com.codahale.metrics.servlet.InstrumentedFilter';

forEachApp((kind, ctx) => {
  const get = async (url: string, login?: string) =>
    ctx().app.inject({ method: 'GET', url, headers: login ? await ctx().auth(login) : {} });

  it('keeps every management route but health for ROLE_ADMIN', async () => {
    for (const url of [
      '/management/metrics',
      '/management/prometheus',
      '/management/logs',
      '/management/audits',
      '/management/audits/1',
      '/management/dump',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      for (const login of NON_ADMINS) expect((await get(url, login)).statusCode, `${url} ${login}`).toBe(403);
    }
    const put = await ctx().app.inject({
      method: 'PUT',
      url: '/management/logs',
      headers: await ctx().auth('courtier'),
      payload: { name: 'ROOT', level: 'TRACE' },
    });
    expect(put.statusCode).toBe(403);
  });

  it('answers health to everyone, with details for admins only', async () => {
    const anonymous = await get('/management/health');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'UP' });
    expect((await get('/management/health', 'courtier')).json()).toEqual({ status: 'UP' });
    const detailed = (await get('/management/health', 'admin')).json() as Record<
      string,
      Record<string, unknown>
    >;
    expect(detailed.status).toBe('UP');
    expect(detailed.db).toEqual({
      status: 'UP',
      database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      hello: 1,
    });
    expect(detailed.diskSpace).toMatchObject({ status: 'UP', threshold: 10 * 1024 * 1024 });
    expect(Number(detailed.diskSpace!.free)).toBeGreaterThan(0);
    expect(detailed.mail).toEqual({ status: 'UP', transport: 'outbox' });
  });

  it('gives metrics in the JHipster (Dropwizard) shape filled with Node figures', async () => {
    // One sign-in, its token used twice: verified once, then found in the cache (each sign-in is
    // its own session, so a second sign-in would give another token).
    const courtier = await ctx().auth('courtier');
    await ctx().app.inject({ method: 'GET', url: '/api/account', headers: courtier });
    await ctx().app.inject({ method: 'GET', url: '/api/nothing-here', headers: courtier });
    const response = await get('/management/metrics', 'admin');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      gauges: Record<string, { value: number }>;
      counters: Record<string, { count: number }>;
      histograms: Record<string, Record<string, number>>;
      meters: Record<string, Record<string, number>>;
      timers: Record<string, Record<string, number | string>>;
    };
    for (const gauge of [
      'jvm.memory.total.used',
      'jvm.memory.total.max',
      'jvm.memory.heap.used',
      'jvm.memory.heap.max',
      'jvm.memory.non-heap.used',
      'jvm.memory.non-heap.committed',
      'jvm.threads.count',
      'jvm.threads.runnable.count',
      'jvm.threads.timed_waiting.count',
      'jvm.threads.waiting.count',
      'jvm.threads.blocked.count',
      'jvm.garbage.PS-MarkSweep.count',
      'jvm.garbage.PS-MarkSweep.time',
      'jvm.garbage.PS-Scavenge.count',
      'jvm.garbage.PS-Scavenge.time',
      'HikariPool-1.pool.TotalConnections',
      'HikariPool-1.pool.ActiveConnections',
    ]) {
      expect(typeof body.gauges[gauge]?.value, gauge).toBe('number');
    }
    expect(body.gauges['jvm.memory.heap.used']!.value).toBeGreaterThan(1_000_000);
    expect(body.gauges['HikariPool-1.pool.TotalConnections']!.value).toBeGreaterThan(0);
    // The verified-token cache is reported as the cache section (courtier's token verified, then reused).
    const cache = 'jcache.statistics.verifiedTokens';
    expect(body.gauges[`${cache}.cache-hits`]!.value).toBeGreaterThanOrEqual(1);
    expect(body.gauges[`${cache}.cache-misses`]!.value).toBeGreaterThanOrEqual(1);
    expect(body.gauges[`${cache}.cache-hit-percentage`]!.value).toBeGreaterThan(0);
    expect(body.counters[`${FILTER}.activeRequests`]!.count).toBeGreaterThanOrEqual(1);
    expect(body.histograms['HikariPool-1.pool.Usage']).toHaveProperty('p99');
    expect(body.meters[`${FILTER}.responseCodes.ok`]!.count).toBeGreaterThanOrEqual(1);
    expect(body.meters[`${FILTER}.responseCodes.notFound`]!.count).toBeGreaterThanOrEqual(1);
    expect(body.meters[`${FILTER}.responseCodes.serverError`]).toHaveProperty('m15_rate');
    const requests = body.timers[`${FILTER}.requests`]!;
    expect(requests.count).toBeGreaterThanOrEqual(2);
    expect(requests.duration_units).toBe('seconds');
    for (const field of [
      'min',
      'max',
      'mean',
      'stddev',
      'p50',
      'p75',
      'p95',
      'p98',
      'p99',
      'p999',
      'mean_rate',
      'm1_rate',
      'm5_rate',
      'm15_rate',
    ]) {
      expect(typeof requests[field], field).toBe('number');
    }
    expect(Number(requests.max)).toBeLessThan(60); // seconds, not milliseconds
    expect(body.timers['extranet.web.rest.GET /api/account']?.count).toBeGreaterThanOrEqual(1);
  });

  it('exposes prometheus text', async () => {
    const response = await get('/management/prometheus', 'admin');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(response.body).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('lists loggers and changes a level at run time', async () => {
    const headers = await ctx().auth('admin');
    const before = (await get('/management/logs', 'admin')).json() as { name: string; level: string }[];
    expect(before.find((l) => l.name === 'ROOT')?.level).toBe('OFF'); // tests run with LOG_LEVEL=silent
    expect(before.map((l) => l.name)).toContain('extranet.security');
    const put = await ctx().app.inject({
      method: 'PUT',
      url: '/management/logs',
      headers,
      payload: { name: 'extranet.mail', level: 'DEBUG' },
    });
    expect(put.statusCode).toBe(204);
    const after = (await get('/management/logs', 'admin')).json() as { name: string; level: string }[];
    expect(after.find((l) => l.name === 'extranet.mail')?.level).toBe('DEBUG');
    expect(ctx().app.loggers.get('extranet.mail').level).toBe('debug');
    const bad = await ctx().app.inject({
      method: 'PUT',
      url: '/management/logs',
      headers,
      payload: { name: 'ROOT', level: 'LOUD' },
    });
    expect(bad.statusCode).toBe(400);
    await ctx().app.inject({
      method: 'PUT',
      url: '/management/logs',
      headers,
      payload: { name: 'ROOT', level: 'OFF' },
    });
  });

  it('lists persisted sign-in audits by date range, paged and sorted', async () => {
    await ctx().app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'portefeuille', password: 'wrong-password' },
    });
    const today = new Date().toISOString().slice(0, 10);
    const response = await get(
      `/management/audits?fromDate=${today}&toDate=${today}&sort=timestamp,desc&size=50`,
      'admin',
    );
    expect(response.statusCode).toBe(200);
    const events = response.json() as {
      id: number;
      timestamp: string;
      principal: string;
      type: string;
      data: Record<string, string>;
    }[];
    expect(Number(response.headers['x-total-count'])).toBe(events.length);
    expect(response.headers.link).toContain('rel="first"');
    const failure = events.find((e) => e.principal === 'portefeuille');
    expect(failure).toMatchObject({ type: 'AUTHENTICATION_FAILURE', data: { message: 'Bad credentials' } });
    expect(events.some((e) => e.type === 'AUTHENTICATION_SUCCESS' && e.principal === 'admin')).toBe(true);
    const times = events.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const byPrincipal = (
      await get(`/management/audits?fromDate=${today}&toDate=${today}&sort=principal,asc&size=50`, 'admin')
    ).json() as { principal: string }[];
    expect(byPrincipal.map((e) => e.principal)).toEqual([...byPrincipal.map((e) => e.principal)].sort());

    const open = await get('/management/audits', 'admin');
    expect(open.statusCode).toBe(200);
    expect(Number(open.headers['x-total-count'])).toBeGreaterThanOrEqual(events.length);
    const empty = await get('/management/audits?fromDate=2001-01-01&toDate=2001-01-31', 'admin');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['x-total-count']).toBe('0');
    expect(empty.json()).toEqual([]);

    const one = await get(`/management/audits/${failure!.id}`, 'admin');
    expect(one.json()).toMatchObject({ id: failure!.id, principal: 'portefeuille' });
    expect((await get('/management/audits/999999', 'admin')).statusCode).toBe(404);
  });

  it.each([
    'fromDate=2024-13-01',
    'toDate=yesterday',
    'fromDate=2024-02-30',
    'fromDate=2024-05-02&toDate=2024-05-01',
    'sort=data.password,asc',
    'size=-1',
  ])('refuses a bad audits query: %s', async (query) => {
    const response = await get(`/management/audits?${query}`, 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('dumps the main thread with its JavaScript stack and the libuv pool', async () => {
    const threads = (await get('/management/dump', 'admin')).json() as {
      threadName: string;
      threadState: string;
      stackTrace: { methodName: string; lineNumber: number }[];
    }[];
    expect(threads[0]).toMatchObject({ threadName: 'main', threadState: 'RUNNABLE' });
    expect(threads[0]!.stackTrace.length).toBeGreaterThan(0);
    expect(threads.slice(1).every((t) => t.threadState === 'WAITING')).toBe(true);
  });
});

it('turns a JavaScript stack into Java-like frames', () => {
  const frames = framesOf(
    'Error: x\n    at Foo.bar (file:///srv/app.ts:12:5)\n    at async run (node:internal/x:3:1)\n    at /srv/other.ts:7:2',
  );
  expect(frames[0]).toEqual({
    className: 'Foo',
    methodName: 'bar',
    fileName: '/srv/app.ts',
    lineNumber: 12,
    nativeMethod: false,
  });
  expect(frames[1]).toMatchObject({ methodName: 'run', lineNumber: 3 });
  expect(frames[2]).toMatchObject({ fileName: '/srv/other.ts', lineNumber: 7 });
});
