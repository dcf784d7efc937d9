import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The end-to-end files each start a real server (demo data, bcrypt) and spawn the real bin:
    // run them one at a time so that several servers starting at once on a small machine do
    // not outlast the hook timeout.
    fileParallelism: false,
    hookTimeout: 300_000,
    testTimeout: 240_000,
  },
});
