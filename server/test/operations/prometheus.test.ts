/**
 * management/prometheus as operators use it: an exposition `promtool check metrics`
 * accepts, request durations as histograms labelled with the matched route pattern, process
 * metrics, and a scrape credential that is not an admin's JWT.
 */
import { describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { checkMetrics, ensurePromtool } from './promtool.ts';

const SCRAPE_TOKEN = 'scrape-0123456789-abcdefghijklmnopqrstuvwxyz';
const promtoolMissing = ensurePromtool();

forEachApp(
  (_kind, ctx) => {
    const scrape = (authorization?: string) =>
      ctx().app.inject({
        method: 'GET',
        url: '/management/prometheus',
        headers: authorization ? { authorization } : {},
      });

    it('lets Prometheus scrape with PROMETHEUS_TOKEN, admins with their JWT, nobody else', async () => {
      expect((await scrape(`Bearer ${SCRAPE_TOKEN}`)).statusCode).toBe(200);
      expect((await scrape((await ctx().auth('admin')).authorization)).statusCode).toBe(200);
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape(`Bearer ${SCRAPE_TOKEN}x`)).statusCode).toBe(401);
      expect((await scrape(`Bearer ${SCRAPE_TOKEN.slice(1)}`)).statusCode).toBe(401);
      expect((await scrape((await ctx().auth('courtier')).authorization)).statusCode).toBe(403);
      // The token opens this route only.
      const metrics = await ctx().app.inject({
        method: 'GET',
        url: '/management/metrics',
        headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
      });
      expect(metrics.statusCode).toBe(401);
    });

    it('times requests in histograms by route pattern, method and status, never by raw URL', async () => {
      const admin = await ctx().auth('admin');
      for (const id of [987654, 987655]) {
        const response = await ctx().app.inject({
          method: 'GET',
          url: `/management/audits/${id}`,
          headers: admin,
        });
        expect(response.statusCode).toBe(404);
      }
      const body = (await scrape(`Bearer ${SCRAPE_TOKEN}`)).body;
      expect(body).toContain('# TYPE http_request_duration_seconds histogram');
      const bucket =
        /^http_request_duration_seconds_bucket\{le="\+Inf",route="\/management\/audits\/:id",method="GET",status="404"\} (\d+)$/m.exec(
          body,
        );
      expect(bucket?.[1]).toBe('2');
      expect(body).toMatch(
        /^http_request_duration_seconds_bucket\{le="0.05",route="\/management\/audits\/:id",method="GET",status="404"\} \d+$/m,
      );
      expect(body).toMatch(
        /^http_request_duration_seconds_count\{route="\/management\/audits\/:id",method="GET",status="404"\} 2$/m,
      );
      expect(body).not.toContain('987654');
      // Process and runtime figures, counters typed as counters.
      expect(body).toContain('# TYPE process_cpu_seconds_total counter');
      expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(body).toContain('# TYPE nodejs_gc_duration_seconds histogram');
      expect(body).toMatch(/^extranet_db_pool_connections\{state="total"\} \d+$/m);
      expect(body).not.toMatch(/^# TYPE \S+_(sum|count) counter$/m);
    });

    describe.skipIf(promtoolMissing)(
      promtoolMissing ? `promtool (skipped: ${promtoolMissing})` : 'promtool',
      () => {
        it('finds no problem in the exposition', async () => {
          await ctx().app.inject({
            method: 'GET',
            url: '/api/account',
            headers: await ctx().auth('courtier'),
          });
          await ctx().app.inject({ method: 'GET', url: '/api/no-such-thing' });
          const exposition = (await scrape(`Bearer ${SCRAPE_TOKEN}`)).body;
          expect(checkMetrics(exposition)).toEqual({ status: 0, problems: '' });
        });
      },
    );
  },
  { env: { PROMETHEUS_TOKEN: SCRAPE_TOKEN } },
);
