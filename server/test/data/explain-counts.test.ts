/**
 * A list's total count reads only the index entries that match, for the
 * portfolio's usual filters (status and risk) and every preset, as a wholesaler and as an admin
 * (the scopes large enough for it to matter; a broker's scope is a few dozen rows). The plan of
 * the server's own count statement must reach `police` through an index whose condition holds
 * the screen's equality columns, or through a partial index of that preset: reading the whole
 * scope and filtering, as before migration 0009, fails. A page with no filter at all takes its
 * total from `scope_count` and sends no count.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/types.ts';
import { entitiesApp } from '../entities/harness.ts';
import { CALLERS, type CallerName } from './explain-cases.ts';
import { explain, type PlanNode, type Statement } from './explain-plan.ts';
import { type ExplainSet, openExplainSet } from './explain-set.ts';
import { splitJoined } from './joined.ts';

const adminUrl = inject('postgresAdminUrl');

/**
 * Each screen and the columns its count's index condition must hold (or a partial index's name).
 * `wholesalerOnly`: presets most policies match (VIG, NRS: two in three); over every row an
 * admin's count may rightly read a slimmer index whole (0012's dashboard index) than two thirds
 * of a wider one.
 */
const SCREENS: readonly {
  query: string;
  columns: readonly string[];
  partial?: RegExp;
  wholesalerOnly?: boolean;
}[] = [
  { query: 'statut.equals=En cours&risque.in=Santé,Prévoyance autre', columns: ['statut', 'risque'] },
  {
    query: 'statut.equals=En cours&risque.in=Santé,Prévoyance autre&dateEffet.gte=2015-01-01',
    columns: ['statut', 'risque'],
  },
  { query: 'statut.equals=Terminé', columns: ['statut'] },
  { query: 'preset=VIG', columns: ['statut'], wholesalerOnly: true },
  { query: 'preset=IMP', columns: ['statut_paiement'] },
  { query: 'preset=MED', columns: ['statut_paiement'] },
  { query: 'preset=NRS', columns: ['motif_resil'], wholesalerOnly: true },
  { query: 'preset=RES', columns: [], partial: /_res_idx$/ },
  { query: 'preset=SEF', columns: ['motif_resil'], partial: /_sef_idx$/ },
];

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** How the plan reads `police`, and whether each read holds `columns` (or is the partial index). */
function reads(plan: PlanNode, columns: readonly string[], partial?: RegExp) {
  const accesses = [...walk(plan)].filter(
    (n) => n['Relation Name'] === 'police' || n['Node Type'] === 'Bitmap Index Scan',
  );
  const ok = (n: PlanNode) =>
    (partial?.test(n['Index Name'] ?? '') ?? false) ||
    (columns.length > 0 && columns.every((c) => new RegExp(`\\b${c}\\b`).test(n['Index Cond'] ?? '')));
  const scans = accesses.filter((n) => n['Node Type'] !== 'Bitmap Heap Scan');
  return {
    text: scans
      .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} [${n['Index Cond'] ?? ''}]`)
      .join(', '),
    ok: scans.length > 0 && scans.every(ok),
  };
}

describe.skipIf(!adminUrl)('list counts read only matching entries (EXPLAIN, PostgreSQL)', () => {
  let set: ExplainSet;
  let app: FastifyInstance;
  let recording: Statement[] = [];

  beforeAll(async () => {
    set = await openExplainSet(adminUrl!);
    const db = set.db;
    const recorder: Db = {
      ...db,
      query: (sql, params) => {
        recording.push(...splitJoined({ sql, params: params ?? [] }));
        return db.query(sql, params);
      },
    };
    app = await entitiesApp(recorder);
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await set?.db.close();
  });

  /** The statements the server sends for one page of the policy list. */
  async function statementsOf(caller: CallerName, query: string): Promise<Statement[]> {
    recording = [];
    const response = await app.inject({
      method: 'GET',
      url: `/api/police?${encodeURI(query)}&page=0&size=10`,
      headers: { 'x-test-principal': JSON.stringify(CALLERS[caller].principal) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return recording;
  }

  const countOf = (statements: readonly Statement[]) =>
    statements.filter((s) => /^select count\(\*\)/.test(s.sql) && /\bfrom police where\b/.test(s.sql));

  /** Each screen's count statement, as the server sends it, for the wholesaler and the admin. */
  async function counts() {
    const out: { label: string; statement: Statement; screen: (typeof SCREENS)[number] }[] = [];
    for (const caller of ['grossiste', 'admin'] as const) {
      for (const screen of SCREENS) {
        if (caller === 'admin' && screen.wholesalerOnly) continue;
        const found = countOf(await statementsOf(caller, screen.query));
        expect(found, `${caller} ${screen.query}`).toHaveLength(1);
        out.push({ label: `${caller} ${screen.query}`, statement: found[0]!, screen });
      }
    }
    return out;
  }

  async function failures(db: Queryable, captured: Awaited<ReturnType<typeof counts>>) {
    const out: string[] = [];
    for (const { label, statement, screen } of captured) {
      const seen = reads(await explain(db, statement), screen.columns, screen.partial);
      if (!seen.ok) out.push(`${label}: ${seen.text}`);
    }
    return out;
  }

  it('for the usual filters and every preset, as a wholesaler and as an admin', async () => {
    expect(await failures(set.db, await counts())).toEqual([]);
  }, 300_000);

  it('sends no count for an unfiltered page: its total is the kept scope count', async () => {
    for (const caller of ['courtier', 'grossiste', 'admin'] as const) {
      const statements = await statementsOf(caller, 'sort=dateCreation,desc');
      expect(countOf(statements)).toEqual([]);
      expect(statements.some((s) => /\bfrom scope_count\b/.test(s.sql))).toBe(true);
    }
  });

  it("fails when migration 0009's indexes are missing (dropped in a transaction rolled back after)", async () => {
    // Captured first: the server's requests would wait on the dropped indexes' lock.
    const captured = await counts();
    const rollback = new Error('rollback');
    let without: string[] = [];
    await set.db
      .transaction(async (tx) => {
        const names = await tx.query<{ indexname: string }>(
          "select indexname from pg_indexes where tablename = 'police' and indexname ~ '_(statut|paiement|motif|res)_idx$'",
        );
        expect(names.length).toBeGreaterThanOrEqual(12);
        await tx.exec(`drop index ${names.map((n) => n.indexname).join(', ')}`);
        without = await failures(tx, captured);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(without.length).toBeGreaterThan(10);
  }, 300_000);
});
