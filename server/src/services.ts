/**
 * The services every part of the product is built from, made once per app: the database, the
 * configuration, token signing, mail (always through the outbox), metrics and named loggers.
 * `servicesPlugin` decorates the root with them (`app.services`, and the older short names) and
 * runs their background work from `onReady` to `onClose`; parts receive what they need from
 * `app.services` through their line in app.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenService, type TokenService } from './auth/jwt.ts';
import type { Config } from './config.ts';
import { watchReplica } from './db/replica-reader.ts';
import { LOCKS, scheduleJob } from './db/scheduled.ts';
import { jwtSecretOf } from './db/secrets.ts';
import type { Db } from './db/types.ts';
import { sweepRateLimits } from './http/rate-limiter.ts';
import { createEnrolmentTokens, type EnrolmentTokens } from './identity/enrolment.ts';
import { totpSecretsLoader } from './identity/totp-keys.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailOutbox, type MailOutbox } from './mail/outbox.ts';
import type { BusinessCounters } from './management/business-counters.ts';
import { HttpMetrics } from './management/http-metrics.ts';
import { createLogLevelBroadcast, type LogLevelBroadcast } from './management/log-level-broadcast.ts';
import { LoggerRegistry } from './management/loggers.ts';
import { NodeStats } from './management/node-stats.ts';
import { PrometheusMetrics } from './management/prometheus.ts';

/** What buildApp is given besides the server's own options (see AppOptions in app.ts). */
export interface ServiceOptions {
  readonly config: Config;
  readonly db: Db;
  /** Clock for token issue and expiry (tests move it). */
  readonly now?: () => number;
  /** Mail transport; by default SMTP when SMTP_URL is set, else the file outbox. */
  readonly mailer?: Mailer;
  /** bcrypt cost for passwords set through the API (tests lower it). */
  readonly hashRounds?: number;
  /** Replaces fetch towards the OpenID Connect provider (tests alter its answers). */
  readonly oidcFetch?: typeof fetch;
}

export interface Services {
  readonly db: Db;
  readonly config: Config;
  /** The JWT secret (from the configuration, else kept in the database for every instance). */
  readonly jwtSecret: string;
  readonly tokens: TokenService;
  readonly enrolments: EnrolmentTokens;
  readonly mailer: Mailer;
  /** Every mail goes through it: sent now, or kept and retried while the SMTP server is down. */
  readonly outbox: MailOutbox;
  readonly prometheus: PrometheusMetrics;
  readonly http: HttpMetrics;
  readonly node: NodeStats;
  readonly loggers: LoggerRegistry;
  readonly logLevels: LogLevelBroadcast;
  /** `{ now }` when a test moves the clock, else empty: spread into a part's options. */
  readonly clock: { readonly now?: () => number };
  /** `{ hashRounds }` when a test lowers the bcrypt cost, else empty. */
  readonly rounds: { readonly hashRounds?: number };
  readonly oidcFetch?: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly services: Services;
    readonly db: Db;
    readonly config: Config;
    readonly tokens: TokenService;
    readonly mailer: Mailer;
    /** Named loggers whose level management/logs changes at run time. */
    readonly loggers: LoggerRegistry;
    /** Business counters of management/prometheus; absent in a test app of one plugin. */
    readonly counters?: BusinessCounters;
  }
}

async function services(app: FastifyInstance, options: ServiceOptions) {
  const { config, db } = options;
  const jwtSecret = await jwtSecretOf(config.jwtSecret, db);
  const mailer = options.mailer ?? createMailer(config);
  const prometheus = new PrometheusMetrics(db);
  const loggers = new LoggerRegistry(app.log);
  const made: Services = {
    db,
    config,
    jwtSecret,
    tokens: createTokenService(jwtSecret, options.now),
    enrolments: createEnrolmentTokens(jwtSecret, options.now),
    mailer,
    outbox: createMailOutbox({
      mailer,
      db,
      retrySeconds: config.afterSales.retrySeconds,
      log: app.log,
      counters: prometheus.counters,
    }),
    prometheus,
    http: new HttpMetrics(),
    node: new NodeStats(),
    loggers,
    logLevels: createLogLevelBroadcast(db, loggers, app.log),
    clock: options.now ? { now: options.now } : {},
    rounds: options.hashRounds ? { hashRounds: options.hashRounds } : {},
    ...(options.oidcFetch ? { oidcFetch: options.oidcFetch } : {}),
  };
  app.decorate('services', made);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('tokens', made.tokens);
  // TOTP secrets are encrypted at rest; those in clear or under a previous key are resealed at
  // start, or at the first need when the database cannot be read yet (probes must still answer).
  app.decorate('totpSecrets', totpSecretsLoader(config, db, app.log));
  await app.totpSecrets().catch((error: unknown) => {
    app.log.warn({ err: error }, 'TOTP secrets not resealed at start: the database cannot be read yet');
  });
  // Webhook signing secrets likewise (they sign every delivery, so they are sealed, not hashed).
  app.decorate('webhookSecrets', totpSecretsLoader(config, db, app.log, 'webhook_endpoint'));
  await app.webhookSecrets().catch((error: unknown) => {
    app.log.warn({ err: error }, 'webhook secrets not resealed at start: the database cannot be read yet');
  });
  app.decorate('mailer', mailer);
  app.decorate('counters', prometheus.counters);
  app.decorate('loggers', loggers);

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
  app.addHook('onReady', async () => made.outbox.start());
  app.addHook('onClose', async () => {
    await made.outbox.stop();
    // A transport the caller gave is the caller's to close.
    if (!options.mailer) mailer.close();
  });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());
  app.addHook('onReady', async () => made.logLevels.start());
  app.addHook('onClose', async () => made.logLevels.stop());
  app.addHook('onClose', async () => made.node.stop());
  watchReplica(app, db);
}

export const servicesPlugin = fp(services, { name: 'services' });
