/**
 * One process owns an embedded (PGlite) data folder. PGlite is PostgreSQL in the
 * process with no shared-memory lock of its own: a second process opening the same folder (a
 * second `npm start`, an `npm run import` beside the server) wrote pages the first one never saw
 * and overwrote later, losing committed rows. The owner writes `<folder>.lock` (pid, command,
 * start time, and the server's URL once it listens) with an exclusive create; any other process
 * refuses at once with a message naming the owner. A lock whose pid no longer runs (a killed
 * server) is stale and taken over. So is a lock whose pid runs but is not its owner (
 * after a crash, the pid was reused by another program and start-up was blocked): the lock also
 * records the owner's start time as the kernel counts it and the machine's boot id
 * (`/proc/<pid>/stat`, `/proc/sys/kernel/random/boot_id`), and a live pid whose start time or
 * boot differs is someone else. A lock written before these were recorded names its owner only by
 * pid: it is believed only when that pid runs Node.
 */
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface LockOwner {
  readonly pid: number;
  readonly command: string;
  readonly startedAt: string;
  readonly url?: string;
  /** The process's start time in clock ticks after boot (`/proc/<pid>/stat` field 22), on Linux. */
  readonly processStart?: string;
  /** The machine's boot id, on Linux: a pid of an earlier boot is nobody now. */
  readonly bootId?: string;
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

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** When process `pid` started (clock ticks after boot), or undefined where /proc cannot tell. */
export function processStartOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

const bootIdNow = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

/** Whether the lock's owner is still running: its pid alive, and that pid really the owner. */
function ownerRunning(owner: LockOwner): boolean {
  if (!alive(owner.pid)) return false;
  const boot = bootIdNow();
  if (owner.bootId !== undefined && boot !== undefined && owner.bootId !== boot) return false;
  const started = processStartOf(owner.pid);
  if (started === undefined) return true; // no /proc (or not ours to read): trust the pid
  if (owner.processStart !== undefined) return owner.processStart === started;
  // An older lock without a start time: its owner was a Node process.
  const commandLine = readText(`/proc/${owner.pid}/cmdline`);
  return commandLine === undefined || /(^|\/)node[^/\0]*\0/.test(commandLine);
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
  const processStart = processStartOf(process.pid);
  const bootId = bootIdNow();
  let owner: LockOwner = {
    pid: process.pid,
    command,
    startedAt: new Date().toISOString(),
    ...(processStart === undefined ? {} : { processStart }),
    ...(bootId === undefined ? {} : { bootId }),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const current = readOwner(file);
    if (current && current.pid !== process.pid && ownerRunning(current)) throw inUse(dir, current);
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
    // Stale: its process is gone (killed, crashed), its pid is now another program's, or it is this very process.
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
