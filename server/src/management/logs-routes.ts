/**
 * `GET` and `PUT /management/logs`: the named loggers and their levels; a change applies on every
 * instance of the database (log-level-broadcast.ts). ROLE_ADMIN.
 */
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../contract/route.ts';
import type { LogLevelBroadcast } from './log-level-broadcast.ts';
import type { LoggerRegistry } from './loggers.ts';

export interface LogsDeps {
  readonly loggers: LoggerRegistry;
  /** Applies a level change on every instance of the database. */
  readonly logLevels: LogLevelBroadcast;
}

async function logsPlugin(app: FastifyInstance, { loggers, logLevels }: LogsDeps) {
  route(app, management.loggers, async () => loggers.list());

  route(app, management.setLevel, async ({ body }) => {
    await logLevels.set(body.name, body.level);
  });
}

export const logsRoutes = fp(logsPlugin, { name: 'management-logs' });
