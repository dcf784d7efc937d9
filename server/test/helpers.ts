/**
 * Test helpers shared by every server suite.
 *
 * `forEachDatabase((kind, getDb) => { … })` declares the enclosed tests twice: on PGlite in
 * memory, and on PostgreSQL in a fresh database created for this file and dropped after it.
 * The database is migrated; `getDb()` returns it inside tests and hooks.
 *
 * `forEachApp((kind, ctx) => { … })` does the same with a built app (demo accounts seeded,
 * quick password hashes) and `ctx.token('courtier')` for a signed-in caller.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { databaseUrlOn, openPostgres, withClient } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { type Mailer, outboxDir } from '../src/mail/mailer.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { TEST_JWT_SECRET } from './jwt-secret.ts';

export type DbKind = 'pglite' | 'postgres';

export { TEST_JWT_SECRET };
/** bcrypt cost for test users: the slow default buys nothing in tests. */
export const TEST_HASH_ROUNDS = 4;

/** A configuration for tests: a temporary data folder, a fixed secret, no logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-test-'));
  return loadConfig(
    // Tests sign in many times from one address: a high per-IP limit unless a test sets its own.
    {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      SIGNIN_LIMIT_PER_IP: '100000',
      ACCOUNT_MAIL_LIMIT_PER_IP: '100000',
      // The demo set is built around today and holds contracts ended long ago: suites read it as
      // loaded; the retention suite runs the job itself (app.retention.run()).
      RETENTION_JOB: 'false',
      // Suites open many details as one user; the budget's suite sets its own.
      PERSONAL_DATA_READS_PER_HOUR: '100000',
      // Suites fire bursts on a busy machine; the admission's own suite sets its limits.
      EMBEDDED_MAX_QUEUE_WAIT_MS: '600000',
      ...env,
    },
    { cwd: dataDir },
  );
}

export interface TestDb {
  readonly db: Db;
  /** The PostgreSQL URL of the test database (undefined for PGlite). */
  readonly url?: string;
  dispose(): Promise<void>;
}

let template: Promise<Blob | undefined> | undefined;
/** The migrated template prepared by the global set-up, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  })();
  return template;
}

/**
 * Opens a database of `kind`: an empty one, or with `migrated` (PGlite only) a copy of the
 * migrated template when the global set-up made one (else empty: migrate it anyway). PGlite runs
 * in the test's thread unless `worker` (the server's default, db/pglite-thread.ts): a suite's
 * database serves one test at a time, so a thread of its own would only add its start and copies;
 * db-worker.test.ts, and every suite that starts a real server, cover the worker.
 */
export async function openTestDb(
  kind: DbKind,
  options: { migrated?: boolean; worker?: boolean } = {},
): Promise<TestDb> {
  if (kind === 'pglite') {
    const loadDataDir = options.migrated ? await pgliteTemplate() : undefined;
    const db = await openPglite('memory://', {
      worker: options.worker ?? false,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    return { db, dispose: () => db.close() };
  }
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL is unavailable');
  const name = `extranet_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrlOn(adminUrl, name);
  const db = openPostgres(url, 5);
  return {
    db,
    url,
    async dispose() {
      await db.close();
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The database kinds this run covers: PGlite always, PostgreSQL when a server was found and not excluded. */
export function databaseKinds(): { kind: DbKind; skip: string | undefined }[] {
  return [
    { kind: 'pglite', skip: undefined },
    {
      kind: 'postgres',
      skip: inject('postgresAdminUrl')
        ? undefined
        : process.env.TEST_DATABASES === 'pglite'
          ? 'PGlite only (TEST_DATABASES=pglite, the fast lane)'
          : 'PostgreSQL unavailable (see the global set-up message)',
    },
  ];
}

export interface DatabaseOptions {
  /** Apply the migrations first (default true). */
  readonly migrate?: boolean;
}

export function forEachDatabase(
  body: (kind: DbKind, getDb: () => Db) => void,
  options: DatabaseOptions = {},
): void {
  for (const { kind, skip } of databaseKinds()) {
    const suite = skip ? describe.skip : describe;
    suite(skip ? `${kind} (skipped: ${skip})` : kind, () => {
      let testDb: TestDb | undefined;
      beforeAll(async () => {
        const migrated = options.migrate !== false;
        testDb = await openTestDb(kind, { migrated });
        if (migrated) await migrate(testDb.db);
      });
      afterAll(async () => {
        await testDb?.dispose();
      });
      body(kind, () => {
        if (!testDb) throw new Error('the test database is not open yet (use getDb() inside tests or hooks)');
        return testDb.db;
      });
    });
  }
}

export interface AppContext {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  /** A fresh token for an existing user whose password is `password` (the login for demo accounts). */
  token(login: string, password?: string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for `login`. */
  auth(login: string, password?: string): Promise<{ authorization: string }>;
}

export interface AppOptions {
  /** Extra environment for the configuration. */
  readonly env?: Record<string, string>;
  readonly now?: () => number;
  /** Seed the demo accounts (default true). */
  readonly seed?: boolean;
  readonly mailer?: Mailer;
}

export function forEachApp(
  body: (kind: DbKind, ctx: () => AppContext) => void,
  options: AppOptions = {},
): void {
  forEachDatabase((kind, getDb) => {
    let context: AppContext | undefined;
    beforeAll(async () => {
      const db = getDb();
      if (options.seed !== false) await seedDemoAccounts(db, TEST_HASH_ROUNDS);
      const config = testConfig(options.env);
      const app = await buildApp({
        config,
        db,
        logger: false,
        hashRounds: TEST_HASH_ROUNDS,
        ...(options.now ? { now: options.now } : {}),
        ...(options.mailer ? { mailer: options.mailer } : {}),
      });
      await app.ready();
      const token = async (login: string, password = login) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: login, password },
        });
        if (response.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${response.body}`);
        return (response.json() as { id_token: string }).id_token;
      };
      context = {
        app,
        db,
        config,
        token,
        auth: async (login, password) => ({ authorization: `Bearer ${await token(login, password)}` }),
      };
    });
    afterAll(async () => {
      await context?.app.close();
    });
    body(kind, () => {
      if (!context) throw new Error('the app is not built yet (use ctx() inside tests or hooks)');
      return context;
    });
  });
}

export interface OutboxMail {
  readonly file: string;
  readonly to: string;
  readonly subject: string;
  /** The decoded message (headers and parts), for searching links and words. */
  readonly text: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

/** The mails written to the file outbox of `config`, oldest first. */
export function outbox(config: Config): OutboxMail[] {
  const dir = outboxDir(config.dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const header = (name: string) =>
        decodeHeader(
          new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\n[ \t]+/g, ' ') ?? '',
        );
      const text = Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
      return { file, to: header('To'), subject: header('Subject'), text };
    });
}

/** The key of the last mailed link of `kind` to `to`. */
export function mailedKey(config: Config, to: string, kind: 'activate' | 'reset/finish'): string | undefined {
  const mails = outbox(config).filter((m) => m.to.includes(to));
  const pattern = new RegExp(`#/${kind.replace('/', '\\/')}\\?key=(\\d{20})`);
  for (const mail of mails.reverse()) {
    const match = pattern.exec(mail.text);
    if (match) return match[1];
  }
  return undefined;
}
