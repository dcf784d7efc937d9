/**
 * `GET` and `PUT /management/logs`: the named loggers and their levels; a change applies on every
 * instance of the database (log-level-broadcast.ts). ROLE_ADMIN.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allow, needs } from '../auth/access.ts';
import type { LogLevelBroadcast } from './log-level-broadcast.ts';
import { JAVA_LEVELS, type JavaLevel, type LoggerRegistry } from './loggers.ts';

const MANAGEMENT = needs('management.read');

export interface LogsDeps {
  readonly loggers: LoggerRegistry;
  /** Applies a level change on every instance of the database. */
  readonly logLevels: LogLevelBroadcast;
}

async function logsPlugin(app: FastifyInstance, { loggers, logLevels }: LogsDeps) {
  const admin = allow(MANAGEMENT);
  app.get('/management/logs', admin, async () => loggers.list());

  app.put<{ Body: { name: string; level: JavaLevel } }>(
    '/management/logs',
    {
      config: { objectName: 'loggerVM', access: MANAGEMENT },
      schema: {
        body: {
          type: 'object',
          required: ['name', 'level'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 140, pattern: '^[A-Za-z0-9_.$-]+$' },
            level: { type: 'string', enum: [...JAVA_LEVELS] },
          },
        },
      },
    },
    async (request, reply) => {
      await logLevels.set(request.body.name, request.body.level);
      return reply.code(204).send();
    },
  );
}

export const logsRoutes = fp(logsPlugin, { name: 'management-logs' });
