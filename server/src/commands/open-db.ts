/**
 * The database of a command: opened as `owner`, or the command stops with the reason on one
 * line (exit 1), e.g. an embedded folder a running server owns (db/folder-lock.ts) or an
 * unreachable PostgreSQL, rather than a stack trace.
 */
import type { Config } from '../config.ts';
import { openDb } from '../db/open.ts';
import type { Db } from '../db/types.ts';

export async function openCommandDb(config: Config, owner: string): Promise<Db> {
  try {
    return await openDb(config, owner);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
