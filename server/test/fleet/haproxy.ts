/**
 * Debian's HAProxy in front of the instances: round robin, a readiness health check every
 * 500 ms, and a request whose server died (connection refused or cut, empty answer) retried on
 * another server (`retry-on` with `option redispatch`; only connection failures for writes), as
 * the HAProxy example of docs/operations.md does. Each answer says which server gave it (`X-Served-By`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface Backend {
  readonly name: string;
  readonly port: number;
}

export interface HaproxyOptions {
  /** One log line a request on stderr (default true; the bench turns it off). */
  readonly log?: boolean;
}

export function haproxyConfig(
  port: number,
  backends: readonly Backend[],
  options: HaproxyOptions = {},
): string {
  const log = options.log ?? true;
  return `global
  maxconn 2000
${log ? '  log stderr format raw local0\n' : ''}
defaults
  mode http
${log ? '  log global\n  option httplog' : ''}
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
  option forwardfor

frontend extranet
  bind 127.0.0.1:${port}
  # A request that reached a server is sent again only when it reads: a POST answered 503 (a
  # message kept for a retry) or cut after the server took it would be done twice.
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /management/health/readiness
  default-server inter 500 fall 2 rise 1
  http-response set-header X-Served-By %s
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

export interface Haproxy {
  readonly url: string;
  readonly pid: number;
  /** HAProxy's log so far (one line per request, with its termination state). */
  log(): string;
  stop(): Promise<void>;
}

export async function startHaproxy(
  port: number,
  backends: readonly Backend[],
  options: HaproxyOptions = {},
): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'extranet-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends, options));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/management/health/liveness`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    log: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
