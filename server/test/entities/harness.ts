/**
 * Test harness of the entities API: a small Fastify app with the real error handler and the
 * entities plugin, where the signed-in user comes from a test header instead of a token
 * (the auth hook is stubbed at the edge only: the routes' access rules are checked as in the app). Suites run on PGlite and, when the global set-up
 * has one, on PostgreSQL (the shared helpers give each suite a fresh database).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { enforceDeclaredAccess } from '../../src/auth/access.ts';
import { checkAccess, type Principal } from '../../src/auth/plugin.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Db } from '../../src/db/types.ts';
import { entitiesPlugin } from '../../src/entities/index.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { databaseKinds, openTestDb } from '../helpers.ts';

export interface TestDb {
  readonly db: Db;
  cleanup(): Promise<void>;
}

export interface Target {
  readonly name: string;
  open(): Promise<TestDb>;
}

/** PGlite always; PostgreSQL when the global set-up found or started one. */
export const targets: readonly Target[] = databaseKinds()
  .filter((kind) => kind.skip === undefined)
  .map(({ kind }) => ({
    name: kind,
    async open() {
      const testDb = await openTestDb(kind);
      await migrate(testDb.db);
      return { db: testDb.db, cleanup: () => testDb.dispose() };
    },
  }));

export async function entitiesApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  enforceDeclaredAccess(app);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-test-principal'];
    request.principal = typeof header === 'string' ? (JSON.parse(header) as Principal) : null;
    checkAccess(request); // the routes' own access rules, as the real hook applies them
  });
  await app.register(entitiesPlugin, { db });
  await app.ready();
  return app;
}

function principal(login: string, roles: string[], codeCourtier: string | null): Principal {
  return {
    id: 1,
    login,
    authorities: ['ROLE_USER', ...roles],
    codeCourtier,
    marque: null,
    langKey: 'fr',
    email: null,
  };
}

/** The demo accounts of docs/design.md §7, plus a broker with no code. */
export const users = {
  admin: principal('admin', ['ROLE_ADMIN'], null),
  courtier: principal('courtier', ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'], 'C0001'),
  courtier2: principal('courtier2', ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'], 'C0002'),
  grossiste: principal(
    'grossiste',
    ['ROLE_GROSSISTE', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'],
    'G0001',
  ),
  compta: principal('compta', ['ROLE_COMPTA'], 'C0001'),
  portefeuille: principal('portefeuille', ['ROLE_PORTEFEUILLE'], 'C0001'),
  user: principal('user', [], 'C0001'),
  nocode: principal('nocode', ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'], null),
} as const;

export type UserName = keyof typeof users;

export const as = (name: UserName) => ({ 'x-test-principal': JSON.stringify(users[name]) });

/** GET as a user; returns the response (status, headers, json()). */
export function get(app: FastifyInstance, name: UserName, url: string) {
  return app.inject({ method: 'GET', url, headers: as(name) });
}
