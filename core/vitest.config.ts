import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Generous: CI machines have 2 cores and the suites share them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
