/**
 * The probes a load balancer or an orchestrator polls, public and without details:
 * - liveness: the process answers (no database, no mail: restarting it would not cure those);
 * - readiness: the database answers and holds every migration of this build.
 *   A mail outage is no reason to take a node out of rotation: mails are
 *   kept and retried (mail/outbox.ts); `/management/health` stays the admin's full view.
 */
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../contract/route.ts';
import { readMigrations } from '../db/migrate.ts';
import type { Db } from '../db/types.ts';

/** Beyond this the database counts as unreachable: a probe must answer before its own timeout. */
const READINESS_TIMEOUT_MS = 2000;

export interface ProbeDeps {
  readonly db: Db;
}

async function databaseReady(db: Db, latest: number): Promise<boolean> {
  const rows = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(rows[0]?.version ?? 0) >= latest;
}

export async function probeRoutes(app: FastifyInstance, deps: ProbeDeps) {
  const latest = Math.max(0, ...readMigrations().map((m) => m.version));

  route(app, management.liveness, async (_, _request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'UP' }),
  );

  route(app, management.readiness, async (_, _request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
    });
    const ready = await Promise.race([databaseReady(deps.db, latest).catch(() => false), timeout]).finally(
      () => clearTimeout(timer),
    );
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: ready ? 'UP' : 'DOWN' });
  });
}
