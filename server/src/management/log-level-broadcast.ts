/**
 * Log-level changes reach every instance of one PostgreSQL database: a change made
 * through one instance's management/logs is published with NOTIFY and each instance, the sender
 * included, applies it when its LISTEN connection hears it. On the embedded database (one process)
 * a change applies locally only. An instance started after a change keeps its LOG_LEVEL.
 */

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { PostgresDb } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { JAVA_LEVELS, type JavaLevel, type LoggerRegistry } from './loggers.ts';

const CHANNEL = 'extranet_log_levels';
const RECONNECT_MS = 2000;
const NAME = /^[A-Za-z0-9_.$-]{1,140}$/;

export interface LogLevelBroadcast {
  /** Applies a level here and, on PostgreSQL, on every instance. */
  set(name: string, level: JavaLevel): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function parse(payload: string | undefined): { name: string; level: JavaLevel } | undefined {
  try {
    const { name, level } = JSON.parse(payload ?? '') as { name?: unknown; level?: unknown };
    if (typeof name !== 'string' || !NAME.test(name)) return undefined;
    if (!(JAVA_LEVELS as readonly unknown[]).includes(level)) return undefined;
    return { name, level: level as JavaLevel };
  } catch {
    return undefined;
  }
}

export function createLogLevelBroadcast(
  db: Db,
  loggers: LoggerRegistry,
  log: FastifyBaseLogger,
): LogLevelBroadcast {
  if (db.kind !== 'postgres') {
    return {
      set: async (name, level) => loggers.setLevel(name, level),
      start: async () => undefined,
      stop: async () => undefined,
    };
  }
  const { pool } = db as PostgresDb;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    // Its own connection, outside the pool: a LISTEN holds it for the life of the process.
    const listener = new pg.Client(pool.options);
    const reconnect = () => {
      if (stopped || client !== listener) return;
      client = undefined;
      listener.end().catch(() => undefined);
      retry = setTimeout(() => void listen().catch(() => reconnect()), RECONNECT_MS);
      retry.unref();
    };
    client = listener;
    listener.on('error', (error) => {
      log.warn({ err: error }, 'log-level listener lost its connection; reconnecting');
      reconnect();
    });
    listener.on('end', reconnect);
    listener.on('notification', (message) => {
      const change = parse(message.payload);
      if (change) loggers.setLevel(change.name, change.level);
    });
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
  };

  return {
    async set(name, level) {
      loggers.setLevel(name, level);
      await db.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ name, level })]);
    },
    async start() {
      try {
        await listen();
      } catch (error) {
        // PostgreSQL unreachable at start must not stop the instance (readiness reports it).
        log.warn({ err: error }, 'log-level listener could not connect; retrying');
        if (retry === undefined && !stopped) {
          client = undefined;
          retry = setTimeout(() => {
            retry = undefined;
            void this.start();
          }, RECONNECT_MS);
          retry.unref();
        }
      }
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
