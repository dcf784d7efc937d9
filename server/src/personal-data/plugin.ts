/**
 * Data protection (docs/security.md "Data protection"): the read budget and access trail of
 * detail routes (hooks for the whole application, so register it before the entities), the
 * insured person's rights routes, and the retention job (`app.retention`), started when the
 * server is ready and stopped at close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ScheduledJob } from '../db/scheduled.ts';
import type { Db } from '../db/types.ts';
import type { PersonalDataConfig } from './config.ts';
import { registerReadBudget } from './read-budget.ts';
import { createRetentionJob } from './retention-job.ts';
import { personalDataRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job (personal-data/retention-job.ts): `run()` applies the periods now. */
    readonly retention: ScheduledJob;
  }
}

export interface PersonalDataOptions {
  readonly db: Db;
  readonly config: PersonalDataConfig;
  readonly now?: () => number;
}

async function personalData(app: FastifyInstance, options: PersonalDataOptions) {
  const { db, config } = options;
  const now = options.now ?? Date.now;
  registerReadBudget(app, db, config.readsPerHour, now);
  personalDataRoutes(app, db, config, now);
  const job = createRetentionJob({ db, config, log: app.log, now });
  app.decorate('retention', job);
  if (config.job) app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
}

export const personalDataPlugin = fp(personalData, { name: 'personal-data' });
