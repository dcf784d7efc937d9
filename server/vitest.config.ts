import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fleet test is its own project (vitest.fleet.config.ts).
    exclude: [...configDefaults.exclude, 'test/fleet/**'],
    environment: 'node',
    // Finds or starts PostgreSQL once; every DB suite then runs on PGlite and on PostgreSQL.
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
