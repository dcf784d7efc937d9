/**
 * The server under test in its own process (as in production), on PostgreSQL or PGlite, with
 * request logs at `warn` so the terminal is not the bottleneck. Peak RSS comes from the kernel
 * (VmHWM in /proc), so it is the real high-water mark, not a sample.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { CONNECTIONS, NODE, ROOT, SERVER_NODE_ARGS } from './env.ts';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Current resident set size, MB. */
  rssMb(): number;
  /** Highest resident set size since the process started, MB. */
  peakRssMb(): number;
  /** CPU time (user + system) the process has used so far, ms. */
  cpuMs(): number;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function statusKb(pid: number, key: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key}:`));
  return line ? Number(line.split(/\s+/)[1]) : Number.NaN;
}

export interface StartServerOptions {
  /** postgres://… ; absent = PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  readonly nodeArgs?: readonly string[];
}

export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    // As many connections to PostgreSQL as pgbench opens, so both sides get the same database
    // concurrency (the product's default is 10: docs/performance.md measures both).
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? String(CONNECTIONS),
    ...options.env,
  };
  if (!options.databaseUrl) delete env.DATABASE_URL;
  const nodeArgs = [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? [])];
  if (nodeArgs.length > 0) console.log(`  server started with node ${nodeArgs.join(' ')}`);
  const child: ChildProcess = spawn(NODE, [...nodeArgs, 'server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolvePromise, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolvePromise();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.stdout!.resume();
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    rssMb: () => statusKb(pid, 'VmRSS') / 1024,
    peakRssMb: () => statusKb(pid, 'VmHWM') / 1024,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime in ticks.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Signs in through the API and returns the Bearer token. */
export async function signIn(url: string, login: string, password = login): Promise<string> {
  const response = await fetch(`${url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login} answered ${response.status}`);
  const body = (await response.json()) as { id_token: string };
  return body.id_token;
}
