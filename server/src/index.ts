/** What other packages (scripts, end-to-end tests, bench) may use of the server. */
export { type AppOptions, buildApp } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { migrate } from './db/migrate.ts';
export { openDb } from './db/open.ts';
export type { Db, Queryable, Row } from './db/types.ts';
export { type Running, type StartOptions, start } from './main.ts';
export { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
