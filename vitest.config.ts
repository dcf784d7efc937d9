import { defineConfig } from 'vitest/config';

// One project per package; `npm test` runs them all (see scripts/test.ts).
export default defineConfig({
  test: {
    projects: [
      'core',
      'server',
      'server/vitest.fleet.config.ts',
      'cli',
      'fixtures',
      'web/vitest.*.config.ts',
    ],
  },
});
