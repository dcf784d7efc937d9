/**
 * The data folder is checked before anything else uses it: a folder that cannot
 * be created (`/proc/x`), is not a folder, or is read-only stops the start at once with a message
 * naming the folder and the problem, where PGlite would spin or fail vaguely after seconds and a
 * PostgreSQL server would only show it later as a mail outage (the outbox lives here too).
 */
import { existsSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export class DataDirError extends Error {
  override name = 'DataDirError';
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * mkdir -p one level at a time: Node's `mkdirSync(…, { recursive: true })` spins forever on a
 * path under /proc (mkdir answers ENOENT for a parent that exists), which is how `/proc/x` hung.
 */
function makeFolder(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeFolder(parent);
  mkdirSync(dir);
}

/** A folder the server will write into: created when missing, then written to once and cleaned. */
export function checkWritableFolder(dir: string, label = `DATA_DIR ${dir}`): void {
  try {
    makeFolder(dir);
  } catch (error) {
    throw new DataDirError(`${label} cannot be created (${reason(error)})`);
  }
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch (error) {
    throw new DataDirError(`${label} cannot be read (${reason(error)})`);
  }
  if (!isFolder) throw new DataDirError(`${label} is not a folder`);
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
  } catch (error) {
    throw new DataDirError(`${label} is not writable (${reason(error)})`);
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // Not written: nothing to remove.
    }
  }
}

/** The data folder and, when they exist or will be used, the folders the server writes below it. */
export function checkDataDir(config: {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly pgliteDir: string;
}): void {
  checkWritableFolder(config.dataDir);
  if (!config.databaseUrl && !config.pgliteDir.startsWith('memory://')) {
    checkWritableFolder(config.pgliteDir, `The embedded database folder ${config.pgliteDir}`);
  }
}
