/**
 * Builds the HTTP application from a configuration and an open database, without listening,
 * so tests drive it through `app.inject` and `main.ts` only adds the port.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountManagementRoutes } from './accounts/account-management-routes.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { authenticateRoutes } from './accounts/authenticate-routes.ts';
import { portalSyncRoutes, userAdminRoutes } from './accounts/user-admin-routes.ts';
import { createTokenService, type TokenService } from './auth/jwt.ts';
import { registerAuth } from './auth/plugin.ts';
import type { Config } from './config.ts';
import { importRoutes } from './data/import/routes.ts';
import type { Db } from './db/types.ts';
import { entitiesPlugin } from './entities/index.ts';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/logging.ts';
import { webAppRoutes } from './http/web-app.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { HttpMetrics, registerHttpMetrics } from './management/http-metrics.ts';
import { LoggerRegistry } from './management/loggers.ts';
import { NodeStats } from './management/node-stats.ts';
import { managementRoutes } from './management/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readonly db: Db;
    readonly config: Config;
    readonly tokens: TokenService;
    readonly mailer: Mailer;
    /** Named loggers whose level management/logs changes at run time. */
    readonly loggers: LoggerRegistry;
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
    bodyLimit: config.bodyLimit,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    ajv: { customOptions: { allErrors: true } },
    frameworkErrors: frameworkErrorHandler,
  });
  const tokens = createTokenService(config.jwtSecret, options.now);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('tokens', tokens);
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('mailer', mailer);
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());

  const loggers = new LoggerRegistry(app.log);
  app.decorate('loggers', loggers);
  const http = new HttpMetrics();
  const node = new NodeStats();
  app.addHook('onClose', async () => node.stop());
  registerHttpMetrics(app, http);

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The API serves no cross-origin embeddable resources; keep the strict defaults.
    crossOriginEmbedderPolicy: false,
    hsts: config.baseUrl.startsWith('https:'),
  });
  // Plain-text bodies: reset-password/init and change-password take the raw value (4.x client).
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: config.bodyLimit },
    (_req, body, done) => done(null, body),
  );
  registerAuth(app, db, tokens);

  await app.register(authenticateRoutes, { db, config, tokens });
  await app.register(accountRoutes, { db, config });
  await app.register(accountManagementRoutes, {
    db,
    config,
    mailer,
    ...(options.hashRounds ? { hashRounds: options.hashRounds } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const adminDeps = { db, config, mailer, ...(options.hashRounds ? { hashRounds: options.hashRounds } : {}) };
  await app.register(userAdminRoutes, adminDeps);
  await app.register(portalSyncRoutes, adminDeps);
  await app.register(managementRoutes, { db, config, mailer, http, node, loggers });
  await app.register(entitiesPlugin, { db });
  await app.register(messageRoutes, { db, config, mailer });
  await app.register(importRoutes, { db });
  await app.register(openApiRoutes);
  await app.register(webAppRoutes, { webDist: config.webDist });
  return app;
}
