/**
 * `GET /management/health` (docs/api-conventions.md §7): the status for everyone, the details for
 * admins (database, the read replica when there is one, disk space, mail), 503 with the body when
 * something is DOWN. Load balancers poll the probes instead (probes.ts).
 */
import { statfs } from 'node:fs/promises';
import { management } from '@extranet/core/contract/management.ts';
import { may } from '@extranet/core/permissions/table.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import { isReplicaReader } from '../db/replica-reader.ts';
import type { Db } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface HealthDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
}

type Status = 'UP' | 'DOWN';
const DISK_THRESHOLD = 10 * 1024 * 1024;
const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

async function database(db: Db) {
  return withTimeout(
    db.query<{ hello: number }>('SELECT 1 AS hello').then(
      (rows) => ({
        status: 'UP' as Status,
        database: db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
        hello: rows[0]?.hello,
      }),
      (error: unknown) => ({
        status: 'DOWN' as Status,
        error: error instanceof Error ? error.message : 'error',
      }),
    ),
    5000,
    { status: 'DOWN' as Status, error: 'timed out' },
  );
}

/**
 * The replica as it answers itself, and whether reads go to it: DOWN while it is unreachable or
 * too far behind (reads then go to the primary, and readiness stays UP).
 */
async function replicaHealth(reader: Db) {
  if (!isReplicaReader(reader)) return database(reader);
  const [own, status] = [await database(reader.replica), reader.status()];
  const lag = status.lagSeconds === undefined ? {} : { lagSeconds: status.lagSeconds };
  if (own.status === 'UP' && !status.serving)
    return { ...own, ...lag, status: 'DOWN' as Status, reads: 'primary' as const, error: status.reason };
  return { ...own, ...lag, reads: status.serving ? ('replica' as const) : ('primary' as const) };
}

async function health(app: FastifyInstance, { db, config, mailer }: HealthDeps) {
  route(app, management.health, async (_, request, reply) => {
    const [dbHealth, replica, disk, mail] = await Promise.all([
      database(db),
      db.reader ? replicaHealth(db.reader) : undefined,
      statfs(config.dataDir).then(
        (s) => {
          const total = s.blocks * s.bsize;
          const free = s.bavail * s.bsize;
          return {
            status: (free >= DISK_THRESHOLD ? 'UP' : 'DOWN') as Status,
            total,
            free,
            threshold: DISK_THRESHOLD,
          };
        },
        (error: unknown) => ({
          status: 'DOWN' as Status,
          error: error instanceof Error ? error.message : 'error',
        }),
      ),
      withTimeout(
        mailer
          .check()
          .then((r) =>
            r.ok
              ? { status: 'UP' as Status, transport: mailer.kind }
              : { status: 'DOWN' as Status, transport: mailer.kind, error: r.error },
          ),
        5000,
        { status: 'DOWN' as Status, transport: mailer.kind, error: 'timed out' },
      ),
    ]);
    const status: Status = [dbHealth, replica, disk, mail].some((h) => h?.status === 'DOWN') ? 'DOWN' : 'UP';
    reply.code(status === 'UP' ? 200 : 503);
    if (!may(request.principal, 'management.read')) return { status };
    return { status, diskSpace: disk, db: dbHealth, ...(replica ? { replica } : {}), mail };
  });
}

export const healthRoutes = fp(health, { name: 'management-health' });
