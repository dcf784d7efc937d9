/**
 * `GET /management/prometheus`: prom-client's text exposition (prometheus.ts), for Prometheus
 * scraping with PROMETHEUS_TOKEN (checked by the auth hook) or for an admin's JWT.
 */
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { PrometheusMetrics } from './prometheus.ts';

export interface PrometheusDeps {
  readonly config: Config;
  readonly prometheus: PrometheusMetrics;
}

async function prometheusPlugin(app: FastifyInstance, { config, prometheus }: PrometheusDeps) {
  // Prometheus scrapes with PROMETHEUS_TOKEN (checked by the auth hook) or an admin's JWT.
  route(
    app,
    management.prometheus,
    async (_, _request, reply) => reply.type(prometheus.contentType).send(await prometheus.exposition()),
    { scrapeToken: config.prometheusToken },
  );
}

export const prometheusRoutes = fp(prometheusPlugin, { name: 'management-prometheus' });
