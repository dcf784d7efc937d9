import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The end-to-end suites start a real server and spawn the real bin.
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
