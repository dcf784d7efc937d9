import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestServer {
  readonly url: string;
  /** The server's DATA_DIR: its file outbox (`outbox/`) holds the mails it sent. */
  readonly dataDir: string;
  stop(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/\S+)/;

/**
 * Starts the real server (`server/src/main.ts`) as a child process on a free port, with a fresh
 * embedded database in a temporary DATA_DIR, so the demo accounts and data are seeded.
 */
export const startServer = async (
  repoRoot: string,
  env: Record<string, string> = {},
): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'server', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(repoRoot, 'web', 'dist'),
      LOG_LEVEL: 'warn',
      // The walks read the demo set as loaded (docs/security.md "Data protection": the job would
      // anonymise its contracts ended more than five years ago).
      RETENTION_JOB: 'false',
      // Every walk signs in as the same few demo accounts against one server.
      PERSONAL_DATA_READS_PER_HOUR: '100000',
      // Walks run side by side on a busy machine: a request waits its turn rather than a 503.
      EMBEDDED_MAX_QUEUE_WAIT_MS: '600000',
      EMBEDDED_MAX_QUEUED_REQUESTS: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Migrations and the demo seed on a machine the whole suite shares; the hook allows 240 s.
    const timer = setTimeout(() => {
      // Not left behind listening once the walk has given up on it.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server did not start in 200 s:\n${output}`));
    }, 200_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
