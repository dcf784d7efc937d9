/**
 * Webhooks (docs/integrations.md "Webhooks"): the routes, and the deliveries job started when the
 * server is ready and stopped at close. The job is `app.webhookDeliveries`, so a test or an
 * operator's script can send the due deliveries now.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhooksConfig } from '../config.ts';
import type { ScheduledJob } from '../db/scheduled.ts';
import type { Db } from '../db/types.ts';
import { createDeliveriesJob } from './deliveries.ts';
import { webhookRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook deliveries (webhooks/deliveries.ts): `run()` sends the due ones now. */
    readonly webhookDeliveries: ScheduledJob;
  }
}

export interface WebhooksOptions {
  readonly db: Db;
  readonly config: WebhooksConfig;
}

async function webhooksPart(app: FastifyInstance, { db, config }: WebhooksOptions) {
  const job = createDeliveriesJob({
    db,
    secrets: () => app.webhookSecrets(),
    config,
    log: app.log,
    ...(app.counters ? { counters: app.counters } : {}),
  });
  app.decorate('webhookDeliveries', job);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  await app.register(webhookRoutes, { db, config });
}

export const webhooksPlugin = fp(webhooksPart, { name: 'webhooks' });
