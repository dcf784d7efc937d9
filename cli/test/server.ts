/**
 * A real server for the CLI tests: the server package's own `start()` on a free port, with a
 * fresh embedded database in a temporary folder and the demo accounts (password = login).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Running, start } from '@extranet/server';

export interface TestServer {
  readonly url: string;
  readonly running: Running;
  close(): Promise<void>;
}

export const startServer = async (env: Record<string, string> = {}): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-cli-server-'));
  const running = await start({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'cli-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOP',
      SIGNIN_LIMIT_PER_IP: '100000',
      ...env,
    },
    handleSignals: false,
    print: () => {},
  });
  return {
    url: `${running.url.replace('localhost', '127.0.0.1')}/`,
    running,
    close: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
