import { configDefaults, defineConfig } from 'vitest/config';

// `npm run test:fast` (scripts/test-fast.ts): the loop between edits. The unit and model tests of
// every package and the server suites on PGlite only (TEST_DATABASES=pglite, set by the script:
// server/test/helpers.ts skips the PostgreSQL kind). Left to `npm test`: the PostgreSQL runs, the
// CLI's end-to-end files (each starts a server and spawns the bin), the browser tests and the fleet.
// Core's, the fixtures', the CLI's unit files and the server's suites mock nothing (no `vi.mock`,
// no fake timers, no `vi.stubEnv`) and set no environment variable or process listener: here they
// share each worker's loaded modules (`isolate: false`) instead of starting a worker and loading
// Effect, XState, Fastify and PGlite's WebAssembly again for each of their files; each server
// suite still opens its own databases and builds its own app. `npm test` keeps every file isolated.
// Two workers: with one (Vitest's default on 2 cores) the second core idled once lint and types
// were done; measured on a quiet 2-core machine, 424 s with one worker and 258 s with two
// (docs/architecture.md, "Two test lanes").
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { extends: './core/vitest.config.ts', test: { root: './core', isolate: false } },
      { extends: './server/vitest.config.ts', test: { name: 'server', root: './server', isolate: false } },
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
