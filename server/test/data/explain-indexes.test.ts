/**
 * The indexes of migrations 0003–0006 serve every list's scope, filters,
 * default and preset sorts, and search, proved with `EXPLAIN (FORMAT JSON)` on a generated set
 * (PostgreSQL only: PGlite is the small embedded database, and has no pg_trgm).
 *
 * The statements are not written here: each case is a real request to the entities routes, and
 * the statements the server sends are recorded on their way to the database, then explained with
 * their parameters. The plan must read the list's table through an index: `narrow` (only entries
 * matching an index condition: the caller's scope, the parent key, the trigram search) or `order`
 * (an index in the sort's order, so a page stops after its rows; no Sort node).
 *
 * Two checks, printed per row: `plan` is the planner's own choice. `forced` is used only when that
 * choice is a sequential scan or a sort, which on a 10,000-policy set can honestly be cheaper
 * than at 1,000,000 (a wholesaler holds 4 % of the rows here): the statement is planned again with
 * `enable_seqscan` (and, for `order`, `enable_sort`) off, which proves an index CAN serve it —
 * without one, the plan keeps its Seq Scan or Sort and the case fails.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/types.ts';
import { entitiesApp } from '../entities/harness.ts';
import {
  CALLERS,
  type CallerName,
  type Case,
  casesFor,
  LIST_ROUTES,
  type ListRoute,
} from './explain-cases.ts';
import {
  describeAccess,
  explain,
  narrowed,
  ordered,
  type PlanReading,
  readPlan,
  type Statement,
} from './explain-plan.ts';
import { type ExplainSet, openExplainSet, SET } from './explain-set.ts';
import { splitJoined } from './joined.ts';

const adminUrl = inject('postgresAdminUrl');

/**
 * `order in scope`: a broker's or a parent's page in order. In the planner's own plan any in-order
 * index read is accepted (it stops after the page: on the timeline, whose heap follows `id`, the
 * planner rightly prefers the admins' index with the wholesaler as a filter); a forced plan must
 * also hold the scope, since forcing is there to prove that the scope's own index exists.
 */
type Need = 'order' | 'order in scope' | 'narrow' | 'narrow or order';

interface Row {
  readonly list: string;
  readonly caller: CallerName;
  readonly label: string;
  readonly filter: boolean;
  readonly statement: string;
  readonly access: string;
  readonly check: 'plan' | 'forced';
  readonly ok: boolean;
  readonly sql: string;
}

const passes = (reading: PlanReading, need: Need, forced: boolean): boolean => {
  switch (need) {
    case 'order':
      return ordered(reading);
    case 'order in scope':
      return ordered(reading) && (!forced || narrowed(reading));
    case 'narrow':
      return narrowed(reading);
    case 'narrow or order':
      return narrowed(reading) || ordered(reading);
  }
};

describe.skipIf(!adminUrl)('indexes, checked by EXPLAIN on a generated set (PostgreSQL)', () => {
  let set: ExplainSet;
  let app: FastifyInstance;
  let partial: Set<string>;
  // The statements of the request under way (requests run one at a time; EXPLAINs overlap).
  let recording: Statement[] = [];
  let requests: Promise<unknown> = Promise.resolve();
  const rows: Row[] = [];
  const verdicts = new Map<string, Promise<Pick<Row, 'access' | 'check' | 'ok'>>>();
  const parents = new Map<CallerName, { idPolice: string; idBordereau: string }>();
  const started = performance.now();

  beforeAll(async () => {
    set = await openExplainSet(adminUrl!);
    const db = set.db;
    // The server's statements pass through here on their way to the generated set.
    const recorder: Db = {
      ...db,
      query: (sql, params) => {
        recording.push(...splitJoined({ sql, params: params ?? [] }));
        return db.query(sql, params);
      },
    };
    app = await entitiesApp(recorder);
    partial = new Set(
      (
        await db.query<{ indexname: string }>(
          "select indexname from pg_indexes where schemaname = current_schema() and indexdef like '% WHERE %'",
        )
      ).map((r) => r.indexname),
    );
    for (const [name, { principal, scope }] of Object.entries(CALLERS)) {
      const where = scope ? `${scope} = $1` : 'true';
      const params = scope ? [principal.codeCourtier] : [];
      const [policy] = await db.query<{ id: string }>(
        `select id_police::text id from police where ${where} order by id_police limit 1`,
        params,
      );
      // The statement with the most lines: the one whose order matters most.
      const [statement] = await db.query<{ id: string }>(
        `select id_bordereau::text id from commission where ${where} order by nb desc, id_bordereau limit 1`,
        params,
      );
      parents.set(name as CallerName, { idPolice: policy!.id, idBordereau: statement!.id });
    }
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await set?.db.close();
    if (rows.length > 0) console.log(report());
  });

  /** Plans inside `tx`; settings made there are rolled back or committed with it. */
  async function verdictIn(tx: Queryable, statement: Statement, table: string, need: Need) {
    const reading = readPlan(await explain(tx, statement), table, partial);
    if (passes(reading, need, false))
      return { access: describeAccess(reading), check: 'plan', ok: true } as const;
    await tx.exec('set local enable_seqscan = off');
    if (need.startsWith('order')) await tx.exec('set local enable_sort = off');
    const forced = readPlan(await explain(tx, statement), table, partial);
    return { access: describeAccess(forced), check: 'forced', ok: passes(forced, need, true) } as const;
  }

  const verdict = (statement: Statement, table: string, need: Need) =>
    set.db.transaction((tx) => verdictIn(tx, statement, table, need));

  /** What each recorded statement must show, or null when it has nothing an index could serve. */
  function needOf(sql: string, table: string, kase: Case, counts: number): [string, Need | null] {
    if (!new RegExp(`\\bfrom ${table} where\\b`).test(sql)) return ['parent', 'narrow'];
    if (/\border by\b/.test(sql)) {
      if (kase.check !== 'order') return ['page', 'narrow or order'];
      // A broker's page read from the admins' index would skip every other broker's rows first.
      const bounded = CALLERS[kase.caller].scope !== null || kase.route.path.includes(':');
      return ['page', bounded ? 'order in scope' : 'order'];
    }
    const kind = counts === 0 ? 'count' : 'scope count';
    // An admin's count of every row (or of a preset over every row) has no condition to narrow by.
    const unbounded =
      / where true$/.test(sql) ||
      (kase.caller === 'admin' && kase.check === 'order' && !kase.route.path.includes(':'));
    return [kind, unbounded ? null : 'narrow'];
  }

  /** Sends the case's request; returns the statements the server sent for it. */
  async function request(kase: Case): Promise<Statement[]> {
    const parent = parents.get(kase.caller)!;
    const path = kase.route.path
      .replace(':idPolice', parent.idPolice)
      .replace(':idBordereau', parent.idBordereau);
    const sent = requests.then(async () => {
      recording = [];
      const response = await app.inject({
        method: 'GET',
        url: path,
        query: { ...kase.query },
        headers: { 'x-test-principal': JSON.stringify(CALLERS[kase.caller].principal) },
      });
      return { response, recorded: recording };
    });
    requests = sent.catch(() => undefined);
    const { response, recorded } = await sent;
    expect(response.statusCode, `${path} ${JSON.stringify(kase.query)}: ${response.body}`).toBe(200);
    return recorded;
  }

  async function run(kase: Case): Promise<Row[]> {
    const recorded = await request(kase);
    const table = kase.route.resource.table;
    let counts = 0;
    const found: Row[] = [];
    for (const statement of recorded) {
      const [kind, need] = needOf(statement.sql, table, kase, counts);
      if (kind === 'count' || kind === 'scope count') counts++;
      if (!need) continue;
      const target = kind === 'parent' ? /\bfrom (\w+) where\b/.exec(statement.sql)![1]! : table;
      const key = `${need}|${target}|${statement.sql}|${JSON.stringify(statement.params)}`;
      if (!verdicts.has(key)) verdicts.set(key, verdict(statement, target, need));
      const result = await verdicts.get(key)!;
      found.push({
        list: kase.route.path,
        caller: kase.caller,
        label: kase.label,
        filter: kase.filter,
        statement: `${kind} (${need})`,
        sql: statement.sql,
        ...result,
      });
    }
    return found;
  }

  /** Runs the cases a few at a time (the server and the planner take turns), keeping their order. */
  async function runAll(cases: readonly Case[]): Promise<void> {
    const results: Row[][] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const index = next++;
        results[index] = await run(cases[index]!);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    rows.push(...results.flat());
  }

  function report(): string {
    const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
    const out = [
      `EXPLAIN evidence: ${SET.policies} policies, ${SET.brokers} brokers (set ${set.origin}), ` +
        `${verdicts.size} distinct statements planned, ${Math.round((performance.now() - started) / 1000)} s`,
      line(['list', 'caller', 'case', 'statement', 'check', 'table read through', 'ok']),
    ];
    const grouped = new Map<string, { row: Row; labels: string[] }>();
    for (const row of rows) {
      if (!row.filter) {
        out.push(
          line([
            row.list,
            row.caller,
            row.label,
            row.statement,
            row.check,
            row.access,
            row.ok ? 'ok' : 'FAIL',
          ]),
        );
        continue;
      }
      const key = [row.list, row.caller, row.statement, row.check, row.access, row.ok].join('|');
      const group = grouped.get(key) ?? { row, labels: [] };
      group.labels.push(row.label);
      grouped.set(key, group);
    }
    for (const { row, labels } of grouped.values()) {
      const sample = labels.length > 3 ? `${labels.slice(0, 3).join(', ')}…` : labels.join(', ');
      const label = `${labels.length} filters (${sample})`;
      out.push(
        line([row.list, row.caller, label, row.statement, row.check, row.access, row.ok ? 'ok' : 'FAIL']),
      );
    }
    return out.join('\n');
  }

  const failuresOf = (route: ListRoute) =>
    rows
      .filter((row) => row.list === route.path && !row.ok)
      .map((row) => `${row.caller} ${row.label} ${row.statement}: ${row.access} (${row.check}) — ${row.sql}`);

  for (const route of LIST_ROUTES) {
    it(`${route.path}: every scope, sort, preset, search and filter reads through an index`, async () => {
      const cases: Case[] = [];
      for (const caller of Object.keys(CALLERS) as CallerName[]) {
        cases.push(...(await casesFor(set.db, route, caller)));
      }
      await runAll(cases);
      expect(rows.some((row) => row.list === route.path)).toBe(true);
      expect(failuresOf(route)).toEqual([]);
    }, 300_000);
  }

  it('fails a sort whose indexes are missing (dropped in a transaction rolled back after)', async () => {
    const police = LIST_ROUTES.find((route) => route.path === '/api/police')!;
    const kase = (await casesFor(set.db, police, 'courtier')).find((c) => c.label === 'default sort')!;
    const page = (await request(kase)).find((statement) => /\border by\b/.test(statement.sql))!;
    expect((await verdict(page, 'police', 'order in scope')).ok).toBe(true);
    const rollback = new Error('rollback');
    let without: Awaited<ReturnType<typeof verdictIn>> | undefined;
    await set.db
      .transaction(async (tx) => {
        await tx.exec('drop index police_courtier_list_idx, police_list_idx');
        without = await verdictIn(tx, page, 'police', 'order in scope');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(without).toMatchObject({ ok: false, check: 'forced' });
  }, 120_000);
});
