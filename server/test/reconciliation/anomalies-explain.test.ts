/**
 * The anomaly list is index-backed (migration 0050), proved with `EXPLAIN (FORMAT JSON)` of the
 * statements the server really sends, on PostgreSQL, as explain-indexes.test.ts does for the
 * other lists: each page reads `anomaly` through an index in the requested order (no Sort node,
 * so a page stops after its rows) or only the index entries its filter names. The table holds
 * 60,000 rows over 600 brokers; when the planner prefers a sequential scan on that, the
 * statement is planned again with sequential scans and sorts off, which proves an index CAN
 * serve it (without one the plan keeps its Seq Scan or Sort).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import type { Db, Queryable } from '../../src/db/types.ts';
import {
  describeAccess,
  explain,
  narrowed,
  ordered,
  type PlanReading,
  readPlan,
  type Statement,
} from '../data/explain-plan.ts';
import { splitJoined } from '../data/joined.ts';
import { entitiesApp } from '../entities/harness.ts';
import { databaseKinds, openTestDb, type TestDb } from '../helpers.ts';

const postgres = databaseKinds().find((k) => k.kind === 'postgres');

const principal = (roles: string[], codeCourtier: string | null) => ({
  id: 1,
  login: 'x',
  authorities: ['ROLE_USER', 'ROLE_COMPTA', ...roles],
  codeCourtier,
  marque: null,
  langKey: 'fr',
  email: null,
});
const CALLERS = {
  courtier: principal([], 'C0007'),
  grossiste: principal(['ROLE_GROSSISTE'], 'G0002'),
  admin: principal(['ROLE_ADMIN'], null),
};

describe.skipIf(!postgres || postgres.skip)('anomaly list plans (EXPLAIN, PostgreSQL)', () => {
  let test: TestDb;
  let app: FastifyInstance;
  let recording: Statement[] = [];
  const printed: string[] = [];

  beforeAll(async () => {
    test = await openTestDb('postgres');
    const db = test.db;
    await migrate(db);
    await db.exec(`
      insert into anomaly (code_courtier_portail, code_courtier_grossiste_portail, courtier, regle, id_police, police,
                           id_bordereau, mois, montant, explication, explanation)
      select 'C' || lpad((i % 600)::text, 4, '0'), 'G' || lpad((i % 600 / 20)::text, 4, '0'), 'Courtier ' || (i % 600),
             (array['CLAWBACK_WITHOUT_TERMINATION','CLAWBACK_DUPLICATE','CLAWBACK_AFTER_REINSTATEMENT',
                    'COMMISSION_NOT_PAID','RATE_MISMATCH','PAID_AFTER_TERMINATION'])[1 + i % 6],
             1000000 + i, 'POL' || i, 1000000 + i / 10, date '2024-01-01' + (i % 24) * interval '1 month',
             (i * 7919 % 100000) / 100.0, 'x', 'x'
        from generate_series(1, 60000) i;
      analyze anomaly;`);
    const recorder: Db = {
      ...db,
      query: (sql, params) => {
        recording.push(...splitJoined({ sql, params: params ?? [] }));
        return db.query(sql, params);
      },
    };
    app = await entitiesApp(recorder);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    console.log(printed.join('\n'));
  });

  const page = async (caller: keyof typeof CALLERS, query: string) => {
    recording = [];
    const response = await app.inject({
      method: 'GET',
      url: `/api/anomalies?${query}`,
      headers: { 'x-test-principal': JSON.stringify(CALLERS[caller]) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statement = recording.find(
      (s) => /\bfrom anomaly where\b/.test(s.sql) && /\border by\b/.test(s.sql),
    );
    expect(statement, 'the page statement').toBeDefined();
    return statement!;
  };

  const planIn = async (tx: Queryable, statement: Statement, force: boolean): Promise<PlanReading> => {
    if (force) {
      await tx.exec('set local enable_seqscan = off');
      await tx.exec('set local enable_sort = off');
    }
    return readPlan(await explain(tx, statement), 'anomaly', new Set());
  };

  it.each([
    ['courtier', 'sort=montant,desc', 'order'],
    ['grossiste', 'sort=montant,desc', 'order'],
    ['admin', 'sort=montant,desc', 'order'],
    // Ascending is the rarer question: within a broker's scope the index narrows the rows to sort.
    ['courtier', 'sort=montant,asc', 'narrow'],
    ['admin', 'sort=montant,asc', 'order'],
    ['admin', 'regle.equals=RATE_MISMATCH&sort=montant,desc', 'order'],
    // What the screen's filters send: a multi-select (`in`), a month range.
    ['admin', 'regle.in=RATE_MISMATCH&sort=montant,desc', 'narrow'],
    ['admin', 'courtier.in=Courtier%207&sort=montant,desc', 'narrow'],
    ['grossiste', 'courtier.in=Courtier%2047&sort=montant,desc', 'narrow'],
    ['admin', 'mois.gte=2024-03-01&mois.lte=2024-03-01', 'narrow'],
    ['courtier', 'idBordereau.equals=1000070', 'narrow'],
    ['admin', 'idPolice.equals=1000700', 'narrow'],
    ['admin', 'mois.equals=2024-03-01', 'narrow'],
  ] as const)('%s %s reads anomaly through an index (%s)', async (caller, query, need) => {
    const statement = await page(caller, `${query}&page=0&size=20`);
    const ok = (r: PlanReading) => (need === 'order' ? ordered(r) : narrowed(r) || ordered(r));
    const verdict = await test.db.transaction(async (tx) => {
      const plan = await planIn(tx, statement, false);
      if (ok(plan)) return { check: 'plan', reading: plan };
      return { check: 'forced', reading: await planIn(tx, statement, true) };
    });
    printed.push(
      `${caller.padEnd(9)} ${query.padEnd(48)} ${verdict.check.padEnd(6)} ${describeAccess(verdict.reading)}`,
    );
    expect(ok(verdict.reading), describeAccess(verdict.reading)).toBe(true);
  });
});
