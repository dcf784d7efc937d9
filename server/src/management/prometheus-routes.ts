/**
 * `GET /management/prometheus`: prom-client's text exposition (prometheus.ts), for Prometheus
 * scraping with PROMETHEUS_TOKEN (checked by the auth hook) or for an admin's JWT.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { needs } from '../auth/access.ts';
import type { Config } from '../config.ts';
import type { PrometheusMetrics } from './prometheus.ts';

const MANAGEMENT = needs('management.read');

export interface PrometheusDeps {
  readonly config: Config;
  readonly prometheus: PrometheusMetrics;
}

async function prometheusPlugin(app: FastifyInstance, { config, prometheus }: PrometheusDeps) {
  // Prometheus scrapes with PROMETHEUS_TOKEN (checked by the auth hook) or an admin's JWT.
  app.get(
    '/management/prometheus',
    {
      config: {
        access: MANAGEMENT,
        ...(config.prometheusToken ? { scrapeToken: config.prometheusToken } : {}),
      },
    },
    async (_request, reply) => reply.type(prometheus.contentType).send(await prometheus.exposition()),
  );
}

export const prometheusRoutes = fp(prometheusPlugin, { name: 'management-prometheus' });
