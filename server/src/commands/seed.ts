/** `npm run seed`: migrates, then loads the demo accounts and data that are missing. */
import { loadConfig, redactUrl } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';
import { demoAccountsTable } from '../seed/demo-accounts.ts';
import { openCommandDb } from './open-db.ts';

const config = loadConfig();
const db = await openCommandDb(config, 'npm run seed');
try {
  await migrate(db);
  const report = await seedDemo(db);
  console.log(`Database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : config.pgliteDir}`);
  console.log(`Demo accounts created: ${report.accountsCreated.join(', ') || 'none (all present)'}`);
  if (report.data !== undefined) console.log('Demo data:', report.data);
  console.log('Demo accounts (password = login):');
  console.log(demoAccountsTable());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
