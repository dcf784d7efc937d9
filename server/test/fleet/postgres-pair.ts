/**
 * A PostgreSQL primary and a streaming replica made with `pg_basebackup`, from Debian's
 * PostgreSQL binaries, each in its own temporary folder on its own free port. As root (CI) every
 * PostgreSQL program runs as the `postgres` user, as scripts/ensure-postgres.ts does.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, postgresBinDir } from '../../../scripts/ensure-postgres.ts';

export const postgresBin = () => postgresBinDir('pg_basebackup');

const asRoot = () => process.getuid?.() === 0;

function run(command: string, args: readonly string[]): string {
  const [cmd, argv] = asRoot()
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, [...args]];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

export interface PostgresPair {
  /** Admin URLs of the `extranet` database on each server. */
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  /** Stops the replica (`pg_ctl stop -m fast`: its clients are cut), as an outage would. */
  stopReplica(): void;
  /** Starts it again on the same port; resolves once it answers. */
  startReplica(): Promise<void>;
  destroy(): void;
}

async function answers(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export async function startPostgresPair(database = 'extranet'): Promise<PostgresPair> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'extranet-fleet-pg-'));
  chmodSync(dir, 0o700);
  if (asRoot()) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const started: string[] = [];
  const options = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const start = (data: string, port: number) => {
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', `${data}.log`, '-o', options(port), '-w', 'start']);
    if (!started.includes(data)) started.push(data);
  };
  const destroy = () => {
    for (const data of started.reverse()) {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb's pg_hba trusts replication connections from 127.0.0.1 too.
    run(join(bin, 'initdb'), ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    start(primary, primaryPort);
    const admin = `postgres://postgres@127.0.0.1:${primaryPort}`;
    await answers(`${admin}/postgres`, 30_000);
    const client = new pg.Client({ connectionString: `${admin}/postgres` });
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    run(join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R', // standby.signal and primary_conninfo: a streaming replica
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    start(replica, replicaPort);
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${database}`;
    await answers(replicaUrl, 30_000);
    return {
      primaryUrl: `${admin}/${database}`,
      replicaUrl,
      stopReplica: () => run(join(bin, 'pg_ctl'), ['-D', replica, '-m', 'fast', '-w', 'stop']),
      async startReplica() {
        start(replica, replicaPort);
        await answers(replicaUrl, 30_000);
      },
      destroy,
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
