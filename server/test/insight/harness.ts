/**
 * Test app of the insight routes beside the entity routes (whose scoped lists the tests compare
 * with), the signed-in user from a test header as in entities/harness.ts; data sets to load.
 */
import { generateDemoSet, scaleBrokers } from '@extranet/fixtures';
import Fastify, { type FastifyInstance } from 'fastify';
import { enforceDeclaredAccess } from '../../src/auth/access.ts';
import { checkAccess, type Principal } from '../../src/auth/plugin.ts';
import { insertDataSet, loadDemoData } from '../../src/data/loadDemo.ts';
import type { Db } from '../../src/db/types.ts';
import { entitiesPlugin } from '../../src/entities/index.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { insightRoutes } from '../../src/insight/routes.ts';

export { get, type UserName, users } from '../entities/harness.ts';

/** The day the data sets are built around and the server's clock in these tests. */
export const TODAY = '2026-10-20';
export const NOW = Date.parse(`${TODAY}T09:00:00Z`);

export async function insightApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  enforceDeclaredAccess(app);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-test-principal'];
    request.principal = typeof header === 'string' ? (JSON.parse(header) as Principal) : null;
    checkAccess(request);
  });
  await app.register(entitiesPlugin, { db });
  await app.register(insightRoutes, { db, now: () => NOW });
  await app.ready();
  return app;
}

export const DATA_SETS = {
  /** The demo set of `npm start` (brokers C0001–C0003, wholesalers G0001, G0002). */
  demo: (db: Db) => loadDemoData(db, { today: TODAY }),
  /** A generated set: 25 brokers, G0001 over the first 20 of them. */
  generated: async (db: Db) => {
    const set = generateDemoSet({
      today: TODAY,
      seed: 'insight',
      brokers: scaleBrokers(25),
      policiesPerBroker: 16,
    });
    await db.transaction((tx) => insertDataSet(tx, set, []));
  },
} as const;

/** Euros as the API sends them, to integer cents (so sums are exact). */
export const cents = (amount: number | string | null | undefined) => Math.round(Number(amount ?? 0) * 100);
export const sumCents = (amounts: readonly (number | null | undefined)[]) =>
  amounts.reduce<number>((sum, amount) => sum + cents(amount), 0);
