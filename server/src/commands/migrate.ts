/** `npm run migrate`: applies the pending migrations to the configured database. */
import { loadConfig, redactUrl } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openCommandDb } from './open-db.ts';

const config = loadConfig();
const db = await openCommandDb(config, 'npm run migrate');
try {
  const report = await migrate(db);
  console.log(`Database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : config.pgliteDir}`);
  for (const name of report.applied) console.log(`applied  ${name}`);
  for (const name of report.changed)
    console.log(`warning  ${name} changed after it was applied (not re-run)`);
  console.log(`${report.applied.length} applied, ${report.skipped.length} already applied`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
