import { defineProject } from 'vitest/config';

// Browser walks: the real server and Debian's Chromium, started once by the global setup.
export default defineProject({
  test: {
    name: 'web-e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    hookTimeout: 240_000,
    testTimeout: 60_000,
  },
});
