/**
 * A fleet as docs/operations.md deploys it: a PostgreSQL primary with a streaming replica, N
 * instances of the server (`server/src/main.ts` in their own processes, no JWT_SECRET: they
 * share the one stored in the database) reading lists on the replica, and HAProxy in front.
 * Used by the fleet test and by `npm run bench -- fleet`.
 */

import { freePort } from '../../../scripts/ensure-postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { type ServerProcess, startServer } from '../reliability/server-process.ts';
import { type Haproxy, startHaproxy } from './haproxy.ts';
import { type PostgresPair, startPostgresPair } from './postgres-pair.ts';

export interface Fleet {
  readonly pair: PostgresPair;
  readonly instances: ServerProcess[];
  readonly proxy: Haproxy;
  /** The instance behind `X-Served-By: <name>`. */
  byName(name: string): ServerProcess;
  close(): Promise<void>;
}

export interface FleetOptions {
  readonly instances: number;
  /** Environment of every instance, on top of the fleet's. */
  readonly env?: Readonly<Record<string, string>>;
  /** A fleet over an already running pair (the bench reuses one across runs). */
  readonly pair?: PostgresPair;
}

/** Starts the primary and replica, migrates and loads the demo set once, before any instance. */
export async function startPair(): Promise<PostgresPair> {
  const pair = await startPostgresPair();
  const db = openPostgres(pair.primaryUrl, 4);
  try {
    await migrate(db);
    await seedDemo(db);
  } finally {
    await db.close();
  }
  return pair;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const pair = options.pair ?? (await startPair());
  const instances: ServerProcess[] = [];
  let proxy: Haproxy | undefined;
  const close = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    if (!options.pair) pair.destroy();
  };
  try {
    const started = await Promise.all(
      Array.from({ length: options.instances }, () =>
        startServer({
          DATABASE_URL: pair.primaryUrl,
          DATABASE_READ_URL: pair.replicaUrl,
          JWT_SECRET: '', // the database's shared secret
          SEED_DEMO: 'false',
          TRUST_PROXY_HOPS: '1',
          LOG_LEVEL: 'warn',
          ...options.env,
        }),
      ),
    );
    instances.push(...started);
    const port = await freePort();
    proxy = await startHaproxy(
      port,
      instances.map((instance, i) => ({
        name: `extranet-${i + 1}`,
        port: Number(new URL(instance.url).port),
      })),
    );
  } catch (error) {
    await close();
    throw error;
  }
  const names = new Map(instances.map((instance, i) => [`extranet-${i + 1}`, instance]));
  return {
    pair,
    instances,
    proxy,
    byName: (name) => {
      const instance = names.get(name);
      if (!instance) throw new Error(`no instance ${name}`);
      return instance;
    },
    close,
  };
}
