import { configDefaults, defineConfig } from 'vitest/config';

// `npm run test:fast` (scripts/test-fast.ts): the loop between edits. The unit and model tests of
// every package and the server suites on PGlite only (TEST_DATABASES=pglite, set by the script:
// server/test/helpers.ts skips the PostgreSQL kind). Left to `npm test`: the PostgreSQL runs, the
// CLI's end-to-end files (each starts a server and spawns the bin), the browser tests and the fleet.
export default defineConfig({
  test: {
    projects: [
      'core',
      'server',
      'fixtures',
      'web/vitest.unit.config.ts',
      {
        extends: './cli/vitest.config.ts',
        test: {
          name: 'cli-unit',
          root: './cli',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/**'],
        },
      },
    ],
  },
});
