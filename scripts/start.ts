// `npm start`: builds the web app if needed, then starts the server (embedded PGlite with demo
// data by default, PostgreSQL when DATABASE_URL is set). Configuration: see README.md.
import { start } from '../server/src/main.ts';
import { ensureWebBuilt } from './web-build.ts';

try {
  ensureWebBuilt();
  await start();
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
