/**
 * One process owns an embedded (PGlite) data folder. PGlite is PostgreSQL in the
 * process with no shared-memory lock of its own: a second process opening the same folder (a
 * second `npm start`, an `npm run import` beside the server) wrote pages the first one never saw
 * and overwrote later, losing committed rows. The owner writes `<folder>.lock` (pid, command,
 * start time, and the server's URL once it listens) with an exclusive create; any other process
 * refuses at once with a message naming the owner. A lock whose pid no longer runs (a killed
 * server) is stale and taken over.
 */
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface LockOwner {
  readonly pid: number;
  readonly command: string;
  readonly startedAt: string;
  readonly url?: string;
}

export class FolderInUseError extends Error {
  override name = 'FolderInUseError';
}

/** A lock file younger than this, not yet readable, is being written by its owner. */
const FRESH_MS = 2000;

export const lockFileOf = (dir: string) => `${dir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

function inUse(dir: string, owner: LockOwner): FolderInUseError {
  const where = owner.url ? `, ${owner.url}` : '';
  const advice =
    owner.command === 'server' && owner.url
      ? ` Stop it first, or import through it: POST ${owner.url}/api/admin/import (the CLI's \`extranet import\`).`
      : ' Stop it first.';
  return new FolderInUseError(
    `The embedded database ${dir} is in use by the ${owner.command} (pid ${owner.pid}${where}, since ${owner.startedAt}): only one process may open it.${advice}`,
  );
}

export interface FolderLock {
  /** Adds what other processes should be told about the owner (the server's URL). */
  describe(extra: { url: string }): void;
  release(): void;
}

/** Takes the folder's lock for this process, or throws FolderInUseError naming the live owner. */
export function acquireFolderLock(dir: string, command = basename(process.argv[1] ?? 'node')): FolderLock {
  const file = lockFileOf(dir);
  let owner: LockOwner = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const current = readOwner(file);
    if (current && current.pid !== process.pid && alive(current.pid)) throw inUse(dir, current);
    if (!current) {
      let age = Number.POSITIVE_INFINITY;
      try {
        age = Date.now() - statSync(file).mtimeMs;
      } catch {
        // Gone meanwhile: try again.
      }
      if (age < FRESH_MS) {
        throw new FolderInUseError(`The embedded database ${dir} is being opened by another process.`);
      }
    }
    // Stale: its process is gone (killed, crashed) or it is this very process.
    try {
      unlinkSync(file);
    } catch {
      // Removed by another process taking over: the exclusive create decides.
    }
  }
  const ours = () => readOwner(file)?.pid === process.pid;
  return {
    describe(extra) {
      if (!ours()) return;
      owner = { ...owner, ...extra };
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(owner), { mode: 0o600 });
      renameSync(temporary, file);
    },
    release() {
      try {
        if (ours()) unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}
