/**
 * Found by the last attack: a stale `pglite.lock` naming a live process (its pid reused by another
 * program after a crash) blocked start-up. The lock records the owner's start time and boot id,
 * and a live pid that is not its owner leaves the lock stale. A lock held by a real owner still
 * refuses, naming it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderInUseError, lockFileOf, processStartOf } from './folder-lock.ts';

const LINUX = processStartOf(process.pid) !== undefined;
const root = mkdtempSync(join(tmpdir(), 'extranet-folder-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** A live process that is not a server: what a reused pid points at. */
const otherProgram = () => {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
};

let n = 0;
const folder = () => join(root, `pglite-${n++}`);

describe.skipIf(!LINUX)('the embedded folder lock', () => {
  it('records the owner, its start time and the boot', () => {
    const dir = folder();
    const lock = acquireFolderLock(dir, 'server');
    const written = JSON.parse(readFileSync(lockFileOf(dir), 'utf8'));
    expect(written).toMatchObject({
      pid: process.pid,
      command: 'server',
      processStart: processStartOf(process.pid),
    });
    expect(written.bootId).toMatch(/^[0-9a-f-]{36}$/);
    lock.release();
  });

  it('takes over a lock whose pid is alive but started at another time (a reused pid)', () => {
    const dir = folder();
    const pid = otherProgram();
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stale = { pid, command: 'server', startedAt: '2026-11-01T00:00:00Z', processStart: '1', bootId };
    writeFileSync(lockFileOf(dir), JSON.stringify(stale));
    const lock = acquireFolderLock(dir, 'server');
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock of an earlier boot, and an older lock (pid only) whose pid is no Node process', () => {
    const pid = otherProgram();
    const rebooted = folder();
    writeFileSync(
      lockFileOf(rebooted),
      JSON.stringify({
        pid,
        command: 'server',
        startedAt: '2026-11-01T00:00:00Z',
        processStart: processStartOf(pid),
        bootId: '00000000-0000-0000-0000-000000000000',
      }),
    );
    acquireFolderLock(rebooted, 'server').release();
    const older = folder();
    writeFileSync(
      lockFileOf(older),
      JSON.stringify({ pid, command: 'server', startedAt: '2026-11-01T00:00:00Z' }),
    );
    acquireFolderLock(older, 'server').release();
  });

  it('still refuses a lock held by its live owner, naming it', async () => {
    const dir = folder();
    const module = fileURLToPath(new URL('./folder-lock.ts', import.meta.url));
    const owner = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { acquireFolderLock } from ${JSON.stringify(module)};
         acquireFolderLock(${JSON.stringify(dir)}, 'server'); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(owner);
    await new Promise<void>((resolve) => owner.stdout!.once('data', () => resolve()));
    expect(() => acquireFolderLock(dir, 'import')).toThrow(FolderInUseError);
    expect(() => acquireFolderLock(dir, 'import')).toThrow(`in use by the server (pid ${owner.pid}`);
    // An older lock naming a live Node process is believed too.
    const older = folder();
    writeFileSync(lockFileOf(older), JSON.stringify({ pid: owner.pid, command: 'server', startedAt: 'x' }));
    expect(() => acquireFolderLock(older, 'import')).toThrow(FolderInUseError);
  });
});
