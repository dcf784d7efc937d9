/**
 * Finds or starts a PostgreSQL server for tests and returns an admin URL (a superuser that may
 * create and drop databases):
 * 1. TEST_DATABASE_URL or DATABASE_URL when set;
 * 2. postgres://postgres@127.0.0.1:5432/postgres when it answers;
 * 3. a throw-away cluster (initdb + pg_ctl as the `postgres` user, in a temporary folder, on a
 *    free port; `apt-get install -y postgresql` first when no binaries exist), stopped and
 *    removed when this process exits.
 * Returns undefined, after printing why, only when all of that fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

type Log = (message: string) => void;

async function answers(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || String(error) : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The newest Debian PostgreSQL's bin folder that holds `program`, if any. */
export function postgresBinDir(program = 'initdb'): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', program)))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** A TCP port free on the loopback interface at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function postgresUid(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

function asPostgres(command: string, args: readonly string[]): { ok: boolean; output: string } {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
}

function installPostgres(log: Log): boolean {
  if (process.getuid?.() !== 0) {
    log('PostgreSQL binaries are missing and this process is not root: cannot apt-get install them');
    return false;
  }
  log('PostgreSQL binaries are missing: apt-get install -y postgresql');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', 'postgresql'], {
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { env, encoding: 'utf8', timeout: 600_000 });
    result = spawnSync('apt-get', ['install', '-y', 'postgresql'], {
      env,
      encoding: 'utf8',
      timeout: 600_000,
    });
  }
  if (result.status !== 0) log(`apt-get install postgresql failed: ${(result.stderr ?? '').slice(-500)}`);
  return result.status === 0;
}

let started: Promise<string | undefined> | undefined;

async function startThrowAwayCluster(log: Log, stopOnExit: boolean): Promise<string | undefined> {
  let bin = postgresBinDir();
  if (!bin && installPostgres(log)) bin = postgresBinDir();
  if (!bin) {
    log('no PostgreSQL binaries under /usr/lib/postgresql/*/bin');
    return undefined;
  }
  const owner = process.getuid?.() === 0 ? postgresUid() : undefined;
  if (process.getuid?.() === 0 && !owner) {
    log('there is no `postgres` user to run the throw-away cluster as');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'extranet-pg-'));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const init = asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (!init.ok) {
    log(`initdb failed: ${init.output.slice(-500)}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const run = asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  if (!run.ok) {
    log(`pg_ctl start failed: ${run.output.slice(-500)}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  if (stopOnExit) {
    process.once('exit', () => {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    });
  }
  log(`started a throw-away PostgreSQL cluster on 127.0.0.1:${port} (${dir})`);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

export interface EnsureOptions {
  readonly log?: Log;
  /** Stop and remove a throw-away cluster when this process exits (default true). */
  readonly stopOnExit?: boolean;
  /** The local server to try before starting one (default LOCAL_ADMIN_URL). */
  readonly localUrl?: string;
}

export async function ensurePostgres(options: EnsureOptions = {}): Promise<string | undefined> {
  const log = options.log ?? ((m: string) => console.error(`[ensure-postgres] ${m}`));
  const fromEnv = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (fromEnv) return fromEnv;
  started ??= (async () => {
    const local = options.localUrl ?? LOCAL_ADMIN_URL;
    const problem = await answers(local);
    if (problem === undefined) return local;
    log(`no PostgreSQL at ${local} (${problem}); starting a throw-away cluster`);
    try {
      const url = await startThrowAwayCluster(log, options.stopOnExit ?? true);
      if (url === undefined) log('PostgreSQL is unavailable: the PostgreSQL test runs cannot happen');
      return url;
    } catch (error) {
      log(`could not start PostgreSQL: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  })();
  return started;
}

// `node scripts/ensure-postgres.ts` prints the URL (for CI scripts and people); a cluster it
// starts keeps running after it exits.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = await ensurePostgres({ stopOnExit: false });
  if (url) console.log(url);
  else process.exitCode = 1;
}
