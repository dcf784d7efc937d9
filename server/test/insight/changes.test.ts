/**
 * GET /api/commissions/{idBordereau}/changes as every account, on the demo set and a generated
 * set: the changes add up to the difference of the two totals, each figure equals the sum of the
 * lines its link lists, and another broker's statement is neither shown nor compared with.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDb, targets } from '../entities/harness.ts';
import { cents, DATA_SETS, get, insightApp, sumCents, type UserName, users } from './harness.ts';

interface Figure {
  readonly current: number;
  readonly previous: number;
  readonly change: number;
  readonly currentLines: number;
}
interface Changes {
  readonly current: { idBordereau: number; mois: string; montant: number; soldePrecedent: number };
  readonly previous: { idBordereau: number; mois: string; montant: number } | null;
  readonly difference: number;
  readonly unexplained: number;
  readonly byType: readonly (Figure & { typeMouvement: string })[];
  readonly byCause: readonly (Figure & { cause: string; typeMouvements: string[] })[];
}
type Line = { readonly montant: number };
const COMPTA = (Object.keys(users) as UserName[]).filter((name) =>
  users[name].authorities.some((role) => role === 'ROLE_COMPTA' || role === 'ROLE_ADMIN'),
);

const linesSum = async (app: FastifyInstance, user: UserName, id: number, types: readonly string[]) => {
  if (types.length === 0) return { cents: 0, count: 0 };
  const response = await get(
    app,
    user,
    `/api/mouvements/${id}?typeMouvement.in=${types.join(',')}&size=10000`,
  );
  expect(response.statusCode).toBe(200);
  const lines = response.json() as Line[];
  return { cents: sumCents(lines.map((l) => l.montant)), count: lines.length };
};

describe.each(targets)('statement changes on $name', (target) => {
  describe.each(Object.keys(DATA_SETS) as (keyof typeof DATA_SETS)[])('the %s set', (set) => {
    let testDb: TestDb;
    let app: FastifyInstance;
    beforeAll(async () => {
      testDb = await target.open();
      await DATA_SETS[set](testDb.db);
      app = await insightApp(testDb.db);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.cleanup();
    });

    it.each(COMPTA)(
      'adds up for %s, each figure being the sum of its lines',
      async (user) => {
        const statements = (await get(app, user, '/api/commissions?size=6')).json() as {
          idBordereau: number;
        }[];
        if (users[user].codeCourtier === null && !users[user].authorities.includes('ROLE_ADMIN')) {
          expect(statements).toEqual([]);
          return;
        }
        expect(statements.length).toBeGreaterThan(0);
        for (const { idBordereau } of statements.slice(0, 4)) {
          const response = await get(app, user, `/api/commissions/${idBordereau}/changes`);
          expect(response.statusCode).toBe(200);
          const changes = response.json() as Changes;
          const current = (await get(app, user, `/api/commissions/${idBordereau}`)).json();
          expect(cents(changes.current.montant)).toBe(cents(current.montant));
          const previousTotal = changes.previous === null ? 0 : cents(changes.previous.montant);
          if (changes.previous !== null) {
            expect(changes.previous.mois < changes.current.mois).toBe(true);
            const previous = (
              await get(app, user, `/api/commissions/${changes.previous.idBordereau}`)
            ).json();
            expect(cents(previous.montant)).toBe(previousTotal);
            expect(previous.codeCourtierPortail).toBe(current.codeCourtierPortail);
          }
          // The changes add up to the difference of the totals, with nothing left unexplained.
          expect(cents(changes.difference)).toBe(cents(current.montant) - previousTotal);
          expect(changes.unexplained).toBe(0);
          expect(sumCents(changes.byCause.map((c) => c.change))).toBe(cents(changes.difference));
          const solde = changes.byCause.find((c) => c.cause === 'carriedBalance')!;
          expect(sumCents(changes.byType.map((t) => t.change)) + cents(solde.change)).toBe(
            cents(changes.difference),
          );
          // Each figure is the sum of the lines its link lists.
          for (const cause of changes.byCause.filter((c) => c.cause !== 'carriedBalance')) {
            const lines = await linesSum(app, user, idBordereau, cause.typeMouvements);
            expect(lines.cents, `${user} ${idBordereau} ${cause.cause}`).toBe(cents(cause.current));
            expect(lines.count).toBe(cause.currentLines);
          }
          for (const type of changes.byType) {
            const lines = await linesSum(app, user, idBordereau, [type.typeMouvement]);
            expect(lines.cents).toBe(cents(type.current));
          }
        }
      },
      120_000,
    );

    it("neither shows another broker's statement nor compares with one", async () => {
      const mine = (await get(app, 'courtier', '/api/commissions?size=6')).json() as {
        idBordereau: number;
      }[];
      const theirs = (await get(app, 'courtier2', '/api/commissions?size=6')).json() as {
        idBordereau: number;
      }[];
      const id = mine[0]!.idBordereau;
      expect((await get(app, 'courtier2', `/api/commissions/${id}/changes`)).statusCode).toBe(404);
      const other = await get(
        app,
        'courtier',
        `/api/commissions/${id}/changes?from=${theirs[0]!.idBordereau}`,
      );
      expect(other.statusCode).toBe(400);
      expect((await get(app, 'courtier', `/api/commissions/${id}/changes?from=abc`)).statusCode).toBe(400);
      expect((await get(app, 'courtier', '/api/commissions/999999999/changes')).statusCode).toBe(404);
      expect((await get(app, 'portefeuille', `/api/commissions/${id}/changes`)).statusCode).toBe(403);
      expect((await get(app, 'user', `/api/commissions/${id}/changes`)).statusCode).toBe(403);
      // An explicit `from` of the same broker is compared with.
      const from = mine[2]!.idBordereau;
      const explicit = (
        await get(app, 'courtier', `/api/commissions/${id}/changes?from=${from}`)
      ).json() as Changes;
      expect(explicit.previous?.idBordereau).toBe(from);
      expect(sumCents(explicit.byCause.map((c) => c.change))).toBe(cents(explicit.difference));
    });
  });
});
