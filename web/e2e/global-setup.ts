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
  }
}

let server: TestServer | undefined;

/** Chromium, a fresh build when sources changed, and the real server on a fresh database. */
export default async function setup(project: TestProject) {
  ensureChromium();
  await ensureWebBuilt(webDir);
  server = await startServer(repoRoot, { RIBBON_ENV: 'e2e' });
  project.provide('baseUrl', server.url);
  return async () => {
    await server?.stop();
  };
}
