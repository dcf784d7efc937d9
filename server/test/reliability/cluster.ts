/**
 * A throw-away PostgreSQL cluster for fault tests, which must stop and start their database
 * without touching the shared server: initdb into a temporary folder as the `postgres` user
 * (as scripts/ensure-postgres.ts does), on a free port, with stop/start at will.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, postgresBinDir } from '../../../scripts/ensure-postgres.ts';

function run(command: string, args: readonly string[]): void {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`);
}

export interface Cluster {
  readonly url: string;
  start(): void;
  /** `fast` closes connections politely; `immediate` is a crash without a checkpoint. */
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
}

/** Why a throw-away cluster cannot be made here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (!postgresBinDir('pg_ctl')) return 'no PostgreSQL binaries under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres']);
    } catch {
      return 'no postgres user to run a cluster as';
    }
  }
  return undefined;
}

export async function createCluster(): Promise<Cluster> {
  const bin = postgresBinDir('pg_ctl')!;
  const dir = mkdtempSync(join(tmpdir(), 'extranet-fault-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
        } catch {
          // already down: nothing to stop
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
