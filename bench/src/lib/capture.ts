/**
 * The exact SQL a request makes: the server's own app (same query builder, same code path) is
 * built in this process over a database wrapper that records every statement, and the request
 * is injected. pgbench then replays those statements, so the baseline does the same work with
 * no HTTP, JSON or Node in between.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openDb } from '../../../server/src/db/open.ts';
import type { Db } from '../../../server/src/db/types.ts';
import { createSession } from '../../../server/src/identity/session-store.ts';

export interface CapturedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

export interface Capture {
  readonly statements: readonly CapturedStatement[];
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly bodyBytes: number;
}

/** A pool whose clients record what they run (exports use COPY on a pooled client). */
function recordingPool(pool: pg.Pool, into: CapturedStatement[]): pg.Pool {
  return new Proxy(pool, {
    get(target, key) {
      if (key !== 'connect') return Reflect.get(target, key);
      return async () => {
        const client = await target.connect();
        return new Proxy(client, {
          get(c, k) {
            if (k !== 'query') return Reflect.get(c, k);
            return (query: string | { text: string }, values?: unknown[]) => {
              into.push({ sql: typeof query === 'string' ? query : query.text, params: values ?? [] });
              return (c.query as (q: unknown, v?: unknown) => unknown)(query, values);
            };
          },
        });
      };
    },
  });
}

function recording(db: Db, into: CapturedStatement[]): Db {
  const pool = (db as { pool?: pg.Pool }).pool;
  return {
    ...db,
    ...(pool ? { pool: recordingPool(pool, into) } : {}),
    kind: db.kind,
    query: (sql, params = []) => {
      into.push({ sql, params });
      return db.query(sql, params);
    },
    stream: (sql, params = [], batch) => {
      into.push({ sql, params });
      return db.stream(sql, params, batch);
    },
    transaction: db.transaction.bind(db),
    close: db.close.bind(db),
    exec: db.exec.bind(db),
  };
}

/** Runs `path` as `login` through the server's code and returns the statements it sent. */
export async function captureRequest(databaseUrl: string, login: string, path: string): Promise<Capture> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-capture-')),
    JWT_SECRET: 'bench-capture-secret-0123456789abcdef0123',
    LOG_LEVEL: 'silent',
  });
  const db = await openDb(config);
  const statements: CapturedStatement[] = [];
  const app = await buildApp({ config, db: recording(db, statements), logger: false });
  try {
    // The alert digest's first run starts with the app; its statements are not the request's.
    await app.ready();
    await app.alertDigest.stop();
    const [user] = await db.query<{ id: number; token_version: number }>(
      'select id, token_version from users where login = $1',
      [login],
    );
    if (!user) throw new Error(`no user ${login}`);
    const authorities = (
      await db.query<{ a: string }>('select authority_name as a from user_authority where user_id = $1', [
        user.id,
      ])
    ).map((r) => r.a);
    // A token names its session: the bench opens one as a sign-in would.
    const sessionId = await createSession(
      db,
      user.id,
      'bench',
      '127.0.0.1',
      new Date(),
      new Date(Date.now() + 3_600_000),
    );
    const token = await app.tokens.sign(
      { id: user.id, login, tokenVersion: user.token_version },
      authorities,
      3600,
      sessionId,
    );
    const request = () =>
      app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    // The session's first request checks it on its own; the screens after it are what the load
    // sends (a list's session check then rides in its statement: server/src/auth/session-fold.ts).
    await request();
    statements.length = 0;
    const response = await request();
    if (response.statusCode !== 200)
      throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return {
      statements: [...statements],
      status: response.statusCode,
      headers: response.headers,
      bodyBytes: response.rawPayload.length,
    };
  } finally {
    await app.close();
    await db.close();
  }
}
