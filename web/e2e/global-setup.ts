import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './build.ts';
import { ensureChromium } from './chromium.ts';
import { startServer, type TestServer } from './server.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder, to read the mails of its file outbox. */
    dataDir: string;
  }
}

let server: TestServer | undefined;

/** Chromium, a fresh build when sources changed, and the real server on a fresh database. */
export default async function setup(project: TestProject) {
  ensureChromium();
  await ensureWebBuilt(webDir);
  // Every walk signs in and mails from 127.0.0.1 as a few accounts: the limits would refuse the suite.
  server = await startServer(repoRoot, {
    RIBBON_ENV: 'e2e',
    SIGNIN_LIMIT_PER_IP: '100000',
    ACCOUNT_MAIL_LIMIT_PER_IP: '100000',
    AFTER_SALES_LIMIT_PER_HOUR: '100000',
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server?.stop();
  };
}
