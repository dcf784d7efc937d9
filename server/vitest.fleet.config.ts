import { defineProject } from 'vitest/config';

// Three instances behind HAProxy over a PostgreSQL primary and its streaming replica:
// its own project, so its global setup (installing haproxy, postgresql, prometheus when missing)
// runs only for it.
export default defineProject({
  test: {
    name: 'fleet',
    include: ['test/fleet/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/fleet/global-setup.ts'],
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});
