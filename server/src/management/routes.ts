/**
 * The management endpoints of docs/api-conventions.md §7, one plugin per concern: health (public
 * status, details for admins), metrics (Dropwizard JSON shape), prometheus (text exposition, also
 * open to PROMETHEUS_TOKEN), logs (runtime levels on every instance), audits (persisted
 * sign-ins), dump (threads with their JavaScript stacks). ROLE_ADMIN except health; the public
 * probes are probes.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditsRoutes } from './audits-routes.ts';
import { dumpRoutes } from './dump-routes.ts';
import { type HealthDeps, healthRoutes } from './health-routes.ts';
import { type LogsDeps, logsRoutes } from './logs-routes.ts';
import { type MetricsDeps, metricsRoutes } from './metrics-routes.ts';
import { type PrometheusDeps, prometheusRoutes } from './prometheus-routes.ts';

export { framesOf } from './dump-routes.ts';

export type ManagementDeps = HealthDeps & MetricsDeps & PrometheusDeps & LogsDeps;

async function management(app: FastifyInstance, deps: ManagementDeps) {
  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, deps);
  await app.register(prometheusRoutes, deps);
  await app.register(logsRoutes, deps);
  await app.register(auditsRoutes, deps);
  await app.register(dumpRoutes, deps);
}

export const managementRoutes = fp(management, { name: 'management' });
