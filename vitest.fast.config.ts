import { configDefaults, defineConfig } from 'vitest/config';

// `npm run test:fast` (scripts/test-fast.ts): the loop between edits. The unit and model tests of
// every package and the server suites on PGlite only (TEST_DATABASES=pglite, set by the script:
// server/test/helpers.ts skips the PostgreSQL kind). Left to `npm test`: the PostgreSQL runs, the
// CLI's end-to-end files (each starts a server and spawns the bin), the browser tests and the fleet.
// Core's, the fixtures' and the CLI's unit files mock nothing and touch no global or environment
// variable: here they share each worker's loaded modules (`isolate: false`) instead of loading
// Effect and XState again for each of their files. `npm test` keeps every file isolated.
export default defineConfig({
  test: {
    projects: [
      { extends: './core/vitest.config.ts', test: { root: './core', isolate: false } },
      'server',
      { extends: './fixtures/vitest.config.ts', test: { root: './fixtures', isolate: false } },
      'web/vitest.unit.config.ts',
      {
        extends: './cli/vitest.config.ts',
        test: {
          name: 'cli-unit',
          root: './cli',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/**'],
          isolate: false,
          fileParallelism: true,
        },
      },
    ],
  },
});
