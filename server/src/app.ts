/**
 * Builds the HTTP application from a configuration and an open database, without listening,
 * so tests drive it through `app.inject` and `main.ts` only adds the port.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountManagementRoutes } from './accounts/account-management-routes.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { authenticateRoutes } from './accounts/authenticate-routes.ts';
import { portalSyncRoutes, userAdminRoutes } from './accounts/user-admin-routes.ts';
import { alertsPlugin } from './alerts/plugin.ts';
import type { RouteAccessTable } from './auth/access.ts';
import { createTokenService, type TokenService } from './auth/jwt.ts';
import { authPlugin } from './auth/plugin.ts';
import type { Config } from './config.ts';
import { importRoutes } from './data/import/routes.ts';
import { watchReplica } from './db/replica-reader.ts';
import { registerReplicaWait } from './db/replica-wait.ts';
import { LOCKS, scheduleJob } from './db/scheduled.ts';
import { jwtSecretOf } from './db/secrets.ts';
import type { Db } from './db/types.ts';
import { entitiesPlugin } from './entities/index.ts';
import { noStorePlugin } from './http/cache-control.ts';
import { compressionPlugin } from './http/compression.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './http/error-handler.ts';
import { loggerOptions, requestIdOptions, requestLogPlugin } from './http/logging.ts';
import { sweepRateLimits } from './http/rate-limiter.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { webAppRoutes } from './http/web-app.ts';
import { createEnrolmentTokens } from './identity/enrolment.ts';
import { oidcRoutes } from './identity/oidc/routes.ts';
import { sessionRoutes } from './identity/session-routes.ts';
import { resealTotpSecrets, totpSecretBox } from './identity/totp-keys.ts';
import { twoFactorRoutes } from './identity/two-factor-routes.ts';
import { insightRoutes } from './insight/routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailOutbox } from './mail/outbox.ts';
import type { BusinessCounters } from './management/business-counters.ts';
import { HttpMetrics, registerHttpMetrics } from './management/http-metrics.ts';
import { createLogLevelBroadcast } from './management/log-level-broadcast.ts';
import { LoggerRegistry } from './management/loggers.ts';
import { NodeStats } from './management/node-stats.ts';
import { probeRoutes } from './management/probes.ts';
import { PrometheusMetrics } from './management/prometheus.ts';
import { managementRoutes } from './management/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { personalDataPlugin } from './personal-data/plugin.ts';
import { drainPlugin } from './shutdown.ts';
import { tokenRoutes } from './tokens/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readonly db: Db;
    readonly config: Config;
    readonly tokens: TokenService;
    readonly mailer: Mailer;
    /** Named loggers whose level management/logs changes at run time. */
    readonly loggers: LoggerRegistry;
    /** `METHOD url` → access rule of every route (auth/access.ts). */
    readonly routeAccess: RouteAccessTable;
    /** Business counters of management/prometheus; absent in a test app of one plugin. */
    readonly counters?: BusinessCounters;
  }
}

export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  /** Pino options; tests pass false. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Clock for token issue and expiry (tests move it). */
  readonly now?: () => number;
  /** Mail transport; by default SMTP when SMTP_URL is set, else the file outbox. */
  readonly mailer?: Mailer;
  /** bcrypt cost for passwords set through the API (tests lower it). */
  readonly hashRounds?: number;
  /** Replaces fetch towards the OpenID Connect provider (tests alter its answers). */
  readonly oidcFetch?: typeof fetch;
}

/** The Content-Security-Policy: only our own origin; inline styles for the grid and editor widgets. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    ...requestIdOptions,
    bodyLimit: config.bodyLimit,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    ajv: { customOptions: { allErrors: true } },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  const jwtSecret = await jwtSecretOf(config.jwtSecret, db);
  const tokens = createTokenService(jwtSecret, options.now);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('tokens', tokens);
  // TOTP secrets are encrypted at rest; those in clear or under a previous key are resealed now.
  app.decorate('totpSecrets', await totpSecretBox(config, db));
  await resealTotpSecrets(db, app.totpSecrets, app.log);
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('mailer', mailer);
  const prometheus = new PrometheusMetrics(db);
  app.decorate('counters', prometheus.counters);
  // Every mail goes through the outbox: sent now, or kept and retried while the server is down.
  const outbox = createMailOutbox({
    mailer,
    db,
    retrySeconds: config.afterSales.retrySeconds,
    log: app.log,
    counters: prometheus.counters,
  });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    if (!options.mailer) mailer.close();
  });

  // Ended throttling windows are deleted by one instance at a time.
  const sweep = scheduleJob({
    db,
    name: 'throttle-sweep',
    lock: LOCKS.throttleSweep,
    everyMs: 5 * 60_000,
    log: app.log,
    work: async (session) => {
      await sweepRateLimits(session);
    },
  });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());

  const loggers = new LoggerRegistry(app.log);
  app.decorate('loggers', loggers);
  const logLevels = createLogLevelBroadcast(db, loggers, app.log);
  app.addHook('onReady', async () => logLevels.start());
  app.addHook('onClose', async () => logLevels.stop());
  const http = new HttpMetrics();
  const node = new NodeStats();
  app.addHook('onClose', async () => node.stop());
  watchReplica(app, db);
  await app.register(requestLogPlugin);
  registerHttpMetrics(app, http, prometheus);

  await app.register(errorHandlerPlugin);
  await app.register(noStorePlugin);
  await app.register(drainPlugin);
  registerReplicaWait(app, db);
  // Helmet's headers, computed once (http/security-headers.ts), not per request.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The API serves no cross-origin embeddable resources; keep the strict defaults.
    crossOriginEmbedderPolicy: false,
    hsts: config.baseUrl.startsWith('https:'),
  });
  await app.register(compressionPlugin);
  // Plain-text bodies: reset-password/init and change-password take the raw value (4.x client).
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: config.bodyLimit },
    (_req, body, done) => done(null, body),
  );
  await app.register(authPlugin, { db, tokens, ...(options.now ? { now: options.now } : {}) });

  const enrolments = createEnrolmentTokens(jwtSecret, options.now);
  const clock = options.now ? { now: options.now } : {};
  await app.register(authenticateRoutes, { db, config, tokens, enrolments, ...clock });
  await app.register(twoFactorRoutes, { db, enrolments, ...clock });
  await app.register(sessionRoutes, { db, ...clock });
  await app.register(tokenRoutes, { db, ...clock });
  await app.register(oidcRoutes, {
    db,
    config,
    tokens,
    ...clock,
    ...(options.hashRounds ? { hashRounds: options.hashRounds } : {}),
    ...(options.oidcFetch ? { providerFetch: options.oidcFetch } : {}),
  });
  await app.register(accountRoutes, { db, config });
  await app.register(accountManagementRoutes, {
    db,
    config,
    outbox,
    ...(options.hashRounds ? { hashRounds: options.hashRounds } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const adminDeps = { db, config, outbox, ...(options.hashRounds ? { hashRounds: options.hashRounds } : {}) };
  await app.register(userAdminRoutes, adminDeps);
  await app.register(portalSyncRoutes, adminDeps);
  await app.register(managementRoutes, {
    db,
    config,
    mailer,
    http,
    node,
    loggers,
    logLevels,
    tokens,
    prometheus,
  });
  await app.register(probeRoutes, { db });
  await app.register(personalDataPlugin, { db, config: config.personalData, ...clock });
  await app.register(entitiesPlugin, { db });
  await app.register(messageRoutes, { db, config, outbox });
  await app.register(importRoutes, { db });
  await app.register(insightRoutes, { db, ...(options.now ? { now: options.now } : {}) });
  await app.register(alertsPlugin, { db, config, jwtSecret, outbox, ...clock });
  await app.register(openApiRoutes);
  await app.register(webAppRoutes, { webDist: config.webDist });
  return app;
}
