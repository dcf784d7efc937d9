/**
 * Starts the server: configuration, database, migrations, demo data on a fresh embedded
 * database, then listens and prints the URL (and the demo accounts when they are loaded).
 * `scripts/start.ts` imports `start()`; running this file directly does the same.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig, redactUrl } from './config.ts';
import { checkDataDir } from './data-dir.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import type { PgliteDb } from './db/pglite.ts';
import type { Db } from './db/types.ts';
import { webAppBuilt } from './http/web-app.ts';
import { seedDemo, shouldSeedDemo } from './seed/demo.ts';
import { humanBanner, logBanner, type StartReport } from './start-banner.ts';

export interface Running {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  readonly url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Close cleanly on SIGINT/SIGTERM (default true). */
  readonly handleSignals?: boolean;
  /** Receives the start-up lines for a person; without it they go to a terminal, or to the log as JSON. */
  readonly print?: (line: string) => void;
}

export async function start(options: StartOptions = {}): Promise<Running> {
  const config = loadConfig(options.env ?? process.env);
  checkDataDir(config);
  const startedAt = Date.now();
  const db = await openDb(config, 'server');
  const openedAt = Date.now();
  let app: FastifyInstance | undefined;
  try {
    const report = await migrate(db);
    const warnings = report.changed.map(
      (name) => `migration ${name} changed after it was applied; it was not run again`,
    );
    let seeded = false;
    const seedStart = Date.now();
    if (await shouldSeedDemo(db, config)) {
      await seedDemo(db);
      seeded = true;
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    app = await buildApp({ config, db });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    // A second process finding the embedded folder locked is told where this server answers.
    if ('lock' in db) (db as PgliteDb).lock?.describe({ url });
    const banner: StartReport = {
      url,
      startedMs: Date.now() - startedAt,
      databaseMs: openedAt - startedAt,
      ...(seeded ? { demoDataMs: seedSeconds * 1000 } : {}),
      database: config.databaseUrl
        ? `PostgreSQL ${redactUrl(config.databaseUrl)}`
        : `embedded PGlite in ${config.pgliteDir}`,
      ...(webAppBuilt(config.webDist) ? {} : { webMissing: config.webDist }),
      warnings,
    };
    if (options.print) for (const line of humanBanner(banner)) options.print(line);
    else if (process.stdout.isTTY) for (const line of humanBanner(banner)) console.log(line);
    else logBanner(app.log, banner);
    const running = app;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        await running.close();
        await db.close();
      })();
      return closing;
    };
    if (options.handleSignals !== false) {
      const onSignal = (signal: NodeJS.Signals) => {
        const seconds = config.shutdownTimeoutSeconds;
        running.log.info({ signal, deadlineSeconds: seconds }, 'shutting down');
        // New connections are refused at once; requests in flight get until the deadline, so a
        // stuck client or a slow export cannot hold a stop (a deploy, a scale-in) forever.
        setTimeout(() => {
          running.log.warn(
            { deadlineSeconds: seconds },
            'shutdown deadline reached: exiting with requests still in flight',
          );
          process.exit(1);
        }, seconds * 1000);
        close().then(
          () => process.exit(0),
          (error: unknown) => {
            running.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
    }
    return { app: running, db, config, url, close };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}

function isMain(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error('Could not start the server:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
