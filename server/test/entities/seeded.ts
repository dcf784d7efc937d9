import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { entitiesApp, type Target, type TestDb } from './harness.ts';
import { seed } from './seed.ts';

/** What a describe block over the seeded set uses: set before its first test, closed after its last. */
export interface Seeded {
  testDb: TestDb;
  app: FastifyInstance;
}

/** Opens `target`, loads the seed set and starts the entities app, for the enclosing describe block. */
export const seededApp = (target: Target): Seeded => {
  const seeded = {} as Seeded;
  beforeAll(async () => {
    seeded.testDb = await target.open();
    await seed(seeded.testDb.db);
    seeded.app = await entitiesApp(seeded.testDb.db);
  });
  afterAll(async () => {
    await seeded.app?.close();
    await seeded.testDb?.cleanup();
  });
  return seeded;
};
