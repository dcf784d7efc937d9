/**
 * Request figures for management/metrics and management/prometheus, collected by two hooks:
 * requests in flight, a timer of all requests, meters per response code, and one timer per
 * route (the "services" of the metrics screen); the same figures feed the Prometheus histograms.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Meter, Timer } from './meters.ts';
import type { PrometheusMetrics } from './prometheus.ts';

export const FILTER = 'com.codahale.metrics.servlet.InstrumentedFilter';

export class HttpMetrics {
  active = 0;
  readonly requests = new Timer();
  readonly codes = {
    ok: new Meter(),
    created: new Meter(),
    noContent: new Meter(),
    badRequest: new Meter(),
    notFound: new Meter(),
    serverError: new Meter(),
    other: new Meter(),
  };
  readonly byStatus = new Map<number, number>();
  readonly routes = new Map<string, Timer>();

  record(status: number, method: string, url: string | undefined, ms: number) {
    this.requests.record(ms);
    const code =
      status === 200
        ? 'ok'
        : status === 201
          ? 'created'
          : status === 204
            ? 'noContent'
            : status === 400
              ? 'badRequest'
              : status === 404
                ? 'notFound'
                : status >= 500
                  ? 'serverError'
                  : 'other';
    this.codes[code].mark();
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (url && (url.startsWith('/api') || url.startsWith('/management'))) {
      const route = `${method} ${url}`;
      let timer = this.routes.get(route);
      if (!timer) {
        timer = new Timer();
        this.routes.set(route, timer);
      }
      timer.record(ms);
    }
  }
}

export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: HttpMetrics,
  prometheus: PrometheusMetrics,
): void {
  app.addHook('onRequest', async () => {
    metrics.active += 1;
    prometheus.started();
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.active = Math.max(0, metrics.active - 1);
    const route = request.is404 ? undefined : request.routeOptions.url;
    metrics.record(reply.statusCode, request.method, route, reply.elapsedTime);
    prometheus.answered(route, request.method, reply.statusCode, reply.elapsedTime);
  });
}

/** At the root (fastify-plugin): every request is counted, 404s and errors included. */
export const httpMetricsPlugin = fp(
  async (app, options: { readonly http: HttpMetrics; readonly prometheus: PrometheusMetrics }) =>
    registerHttpMetrics(app, options.http, options.prometheus),
  { name: 'http-metrics' },
);
