/**
 * Builds the HTTP application from a configuration and an open database, without listening,
 * so tests drive it through `app.inject` and `main.ts` only adds the port. It reads as the list
 * of the server's parts, in the order they register: the services, the platform every route runs
 * on, then the product's features. A new feature adds one `part(…)` line to PRODUCT (see
 * docs/architecture.md "Adding a part of the server").
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountManagementRoutes } from './accounts/account-management-routes.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { authenticateRoutes } from './accounts/authenticate-routes.ts';
import { portalSyncRoutes, userAdminRoutes } from './accounts/user-admin-routes.ts';
import { alertsPlugin } from './alerts/plugin.ts';
import type { RouteAccessTable } from './auth/access.ts';
import { authPlugin } from './auth/plugin.ts';
import { importRoutes } from './data/import/routes.ts';
import { replicaWaitPlugin } from './db/replica-wait.ts';
import { disputeRoutes } from './disputes/routes.ts';
import { entitiesPlugin } from './entities/index.ts';
import { entriesRoutes } from './entries/routes.ts';
import { noStorePlugin } from './http/cache-control.ts';
import { compressionPlugin } from './http/compression.ts';
import { admissionPlugin } from './http/embedded-admission.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './http/error-handler.ts';
import { loggerOptions, requestIdOptions, requestLogPlugin } from './http/logging.ts';
import { appSecurityHeaders, securityHeadersPlugin } from './http/security-headers.ts';
import { textBodyPlugin } from './http/text-body.ts';
import { webAppRoutes } from './http/web-app.ts';
import { oidcRoutes } from './identity/oidc/routes.ts';
import { sessionRoutes } from './identity/session-routes.ts';
import { twoFactorRoutes } from './identity/two-factor-routes.ts';
import { insightRoutes } from './insight/routes.ts';
import { httpMetricsPlugin } from './management/http-metrics.ts';
import { probeRoutes } from './management/probes.ts';
import { managementRoutes } from './management/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { type Part, part, ROUTES } from './part.ts';
import { personalDataPlugin } from './personal-data/plugin.ts';
import { type ServiceOptions, servicesPlugin } from './services.ts';
import { drainPlugin } from './shutdown.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { webhooksPlugin } from './webhooks/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD url` → access rule of every route (auth/access.ts). */
    readonly routeAccess: RouteAccessTable;
  }
}

export interface AppOptions extends ServiceOptions {
  /** Pino options; tests pass false. */
  readonly logger?: FastifyServerOptions['logger'];
}

/** What every route runs on, in hook order: logs and metrics first, auth last. */
const PLATFORM: readonly Part[] = [
  part('request-log', ['services'], requestLogPlugin),
  part('http-metrics', ['services'], httpMetricsPlugin, (s) => ({ http: s.http, prometheus: s.prometheus })),
  part('error-handler', ['services'], errorHandlerPlugin),
  part('no-store', ['services'], noStorePlugin),
  part('drain', ['services'], drainPlugin),
  // Only on the embedded database: PostgreSQL's pool queues and scales with instances.
  part('embedded-admission', ['services'], admissionPlugin, (s) => ({
    ...s.config.embeddedAdmission,
    enabled: s.db.kind === 'pglite',
    shed: (reason: 'queue_full' | 'waited_too_long') => s.prometheus.counters.shed(reason),
  })),
  part('replica-wait', ['services'], replicaWaitPlugin, (s) => ({ db: s.db })),
  // Helmet's headers, computed once (http/security-headers.ts), not per request.
  part('security-headers', ['services'], securityHeadersPlugin, (s) => appSecurityHeaders(s.config.baseUrl)),
  part('compression', ['services'], compressionPlugin),
  part('text-body', ['services'], textBodyPlugin, (s) => ({ bodyLimit: s.config.bodyLimit })),
  part('auth', ['services', 'error-handler'], authPlugin, (s) => ({
    db: s.db,
    tokens: s.tokens,
    ...s.clock,
  })),
];

/** The product, one feature a line: its name, what it needs registered before it, its options. */
const PRODUCT: readonly Part[] = [
  part('sign-in', ROUTES, authenticateRoutes, (s) => ({
    db: s.db,
    config: s.config,
    tokens: s.tokens,
    enrolments: s.enrolments,
    ...s.clock,
  })),
  part('two-factor', ROUTES, twoFactorRoutes, (s) => ({ db: s.db, enrolments: s.enrolments, ...s.clock })),
  part('sessions', ROUTES, sessionRoutes, (s) => ({ db: s.db, ...s.clock })),
  part('tokens', ROUTES, tokenRoutes, (s) => ({ db: s.db, ...s.clock })),
  part('oidc', ROUTES, oidcRoutes, (s) => ({
    db: s.db,
    config: s.config,
    tokens: s.tokens,
    ...s.clock,
    ...s.rounds,
    ...(s.oidcFetch ? { providerFetch: s.oidcFetch } : {}),
  })),
  part('account', ROUTES, accountRoutes, (s) => ({ db: s.db, config: s.config })),
  part('account-management', ROUTES, accountManagementRoutes, (s) => ({
    db: s.db,
    config: s.config,
    outbox: s.outbox,
    ...s.rounds,
    ...s.clock,
  })),
  part('user-admin', ROUTES, userAdminRoutes, (s) => ({
    db: s.db,
    config: s.config,
    outbox: s.outbox,
    ...s.rounds,
  })),
  part('portal-sync', ROUTES, portalSyncRoutes, (s) => ({
    db: s.db,
    config: s.config,
    outbox: s.outbox,
    ...s.rounds,
  })),
  part('management', ROUTES, managementRoutes, (s) => ({
    db: s.db,
    config: s.config,
    mailer: s.mailer,
    http: s.http,
    node: s.node,
    loggers: s.loggers,
    logLevels: s.logLevels,
    tokens: s.tokens,
    prometheus: s.prometheus,
  })),
  part('probes', ROUTES, probeRoutes, (s) => ({ db: s.db })),
  part('personal-data', ROUTES, personalDataPlugin, (s) => ({
    db: s.db,
    config: s.config.personalData,
    ...s.clock,
  })),
  part('entities', ROUTES, entitiesPlugin, (s) => ({ db: s.db })),
  part('entries', ROUTES, entriesRoutes, (s) => ({ db: s.db })),
  part('messages', ROUTES, messageRoutes, (s) => ({ db: s.db, config: s.config, outbox: s.outbox })),
  part('disputes', ROUTES, disputeRoutes, (s) => ({ db: s.db, outbox: s.outbox, ...s.clock })),
  part('import', ROUTES, importRoutes, (s) => ({ db: s.db })),
  part('insight', ROUTES, insightRoutes, (s) => ({ db: s.db, ...s.clock })),
  part('alerts', ROUTES, alertsPlugin, (s) => ({
    db: s.db,
    config: s.config,
    jwtSecret: s.jwtSecret,
    outbox: s.outbox,
    ...s.clock,
  })),
  part('webhooks', ROUTES, webhooksPlugin, (s) => ({ db: s.db, config: s.config.webhooks })),
  part('openapi', ROUTES, openApiRoutes),
  // Last: the web app answers every GET no route above took.
  part('web-app', ROUTES, webAppRoutes, (s) => ({ webDist: s.config.webDist })),
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    ...requestIdOptions,
    bodyLimit: config.bodyLimit,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    ajv: { customOptions: { allErrors: true } },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  await app.register(servicesPlugin, options);
  for (const { register } of [...PLATFORM, ...PRODUCT]) await register(app);
  return app;
}
