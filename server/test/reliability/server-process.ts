/**
 * The real server in its own process (`server/src/main.ts`, as `npm start` runs it), for fault
 * tests that kill it or starve it: its JSON log lines are collected so a test can wait for one,
 * and it can be stopped politely (SIGTERM) or killed (SIGKILL) by its pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, SERVER_ROOT } from '../../src/config.ts';
import { TEST_JWT_SECRET } from '../jwt-secret.ts';

/** The repository's Node (24: type stripping), else the one running the tests. */
const NODE = existsSync(join(REPO_ROOT, 'node_modules', '.bin', 'node'))
  ? join(REPO_ROOT, 'node_modules', '.bin', 'node')
  : process.execPath;

export interface NodeProcess {
  readonly child: ChildProcess;
  /** Every stdout line so far (for the server: pino JSON lines and the start banner). */
  readonly lines: readonly string[];
  /** Resolves with the first line (past or future) `match` accepts; rejects after `ms` or on exit. */
  waitFor(match: (line: string) => boolean, ms: number): Promise<string>;
  /** Everything written to stderr so far (start-up refusals are printed there). */
  stderr(): string;
  /** The exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** SIGSTOP: frozen where it is (a test can look at the database before the kill). */
  pause(): void;
  /** SIGKILL: no clean-up of any kind, as a power cut or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes its connections and its database. */
  stop(): Promise<void>;
}

export interface ServerProcess extends NodeProcess {
  readonly url: string;
}

export interface ServerOptions {
  /** Run the server through this command prefix (e.g. a resource limit wrapper). */
  readonly wrap?: readonly string[];
  readonly startMs?: number;
}

/** Runs a script of the repository with the repository's Node, `env` on top of a minimal environment. */
export function spawnNode(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  wrap: readonly string[] = [],
): NodeProcess {
  const [command, ...prefix] = [...wrap, NODE];
  const child = spawn(command!, [...prefix, script, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  let gone = false;
  const exited = once(child, 'exit').then(([code]) => {
    gone = true;
    if (buffered) lines.push(buffered);
    for (const listener of listeners) listener();
    return code as number | null;
  });

  const waitFor = (match: (line: string) => boolean, ms: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found !== undefined) done(() => resolve(found));
        else if (gone) done(() => reject(new Error(`the process exited: ${stderr.slice(-2000)}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`not seen within ${ms} ms; stderr: ${stderr.slice(-2000)}`))),
        ms,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  const signal = async (name: NodeJS.Signals) => {
    if (!gone) {
      child.kill(name);
      await exited;
    }
  };
  return {
    child,
    lines,
    stderr: () => stderr,
    waitFor,
    exited,
    pause: () => {
      if (!gone) child.kill('SIGSTOP');
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** Starts the server as `npm start` does, with `env` on top of test settings; resolves once it listens. */
export async function startServer(
  env: Readonly<Record<string, string>>,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const server = spawnNode(
    join(SERVER_ROOT, 'src', 'main.ts'),
    [],
    {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      SIGNIN_LIMIT_PER_IP: '100000',
      ...env,
    },
    options.wrap,
  );
  try {
    const banner = await server.waitFor(
      (line) => /listening on http:\/\/\S+/.test(line),
      options.startMs ?? 120_000,
    );
    const port = /listening on http:\/\/[^:]+:(\d+)/.exec(banner)![1];
    return { ...server, url: `http://127.0.0.1:${port}` };
  } catch (error) {
    await server.kill();
    throw error;
  }
}

/** A bearer header for `login` (demo accounts: password = login). */
export async function signIn(url: string, login: string): Promise<{ authorization: string }> {
  const response = await fetch(`${url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: login }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${login}: ${response.status}`);
  return { authorization: `Bearer ${((await response.json()) as { id_token: string }).id_token}` };
}
