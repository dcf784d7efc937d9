/**
 * Alerts (docs/insight.md "Alerts"): the routes, in their own scope (the one-click form parser
 * stays there), and the digest job, started when the server is ready and stopped at close. The
 * job is `app.alertDigest`, so a test or an operator's script can run it now.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { ScheduledJob } from '../db/scheduled.ts';
import type { Db } from '../db/types.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { createDigestJob } from './job.ts';
import { alertRoutes } from './routes.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert digest (alerts/job.ts): `run()` covers the current period now. */
    readonly alertDigest: ScheduledJob;
  }
}

export interface AlertsOptions {
  readonly db: Db;
  readonly config: Config;
  readonly jwtSecret: string;
  readonly outbox: MailOutbox;
  readonly now?: () => number;
}

async function alerts(app: FastifyInstance, options: AlertsOptions) {
  const { db, config } = options;
  const tokens = createUnsubscribeTokens(options.jwtSecret);
  const job = createDigestJob({
    db,
    baseUrl: config.baseUrl,
    tokens,
    schedule: config.alertDigest,
    outbox: options.outbox,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  app.decorate('alertDigest', job);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  await app.register(alertRoutes, { db, tokens });
}

export const alertsPlugin = fp(alerts, { name: 'alerts' });
