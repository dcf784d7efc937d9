import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type InjectedAnomaly, type ScaleOptions, scaleSet, statementsOf } from '@extranet/fixtures';
import pg from 'pg';
import { guardPool } from '../db/postgres.ts';
import { refreshAnomalies } from '../reconciliation/refresh.ts';
import { tables } from './columns.ts';
import { loadSlice, type SliceInput, type SliceResult } from './copySlice.ts';
import type { SliceMessage } from './copyWorker.ts';
import { CopyWriter, columnsOf } from './copyWriter.ts';

/** The generator's own options (`scaleSet`: size, seed, day, brokers), and how to load its rows. */
export interface CopyLoadOptions extends ScaleOptions {
  /** Empty the business tables first. */
  readonly truncate?: boolean;
  /** Generator threads, each loading its slice of the policies (default: one per core). */
  readonly workers?: number;
  /**
   * Adds, past the set's policies, one policy carrying each anomaly rule's error for the first
   * and the last broker (fixtures' `scaleSet(…).injected()`); the report's `manifest` lists them.
   */
  readonly anomalies?: boolean;
  readonly onProgress?: (policies: number) => void;
}

export interface CopyLoadReport {
  readonly policies: number;
  readonly assures: number;
  readonly mouvements: number;
  readonly events: number;
  readonly statements: number;
  readonly recapLines: number;
  /** The errors injected on purpose, as detection should report them (empty without `anomalies`). */
  readonly manifest: readonly InjectedAnomaly[];
  /** The anomaly table's rebuild after the load (0 when the database has none). */
  readonly reconcileSeconds: number;
  /** COPY of every row; building the indexes after; the whole, recounts and ANALYZE included. */
  readonly loadSeconds: number;
  readonly indexSeconds: number;
  readonly seconds: number;
}

interface IndexDef {
  readonly name: string;
  readonly table: string;
  readonly sql: string;
}

/** The business tables' indexes that back no constraint (keys and unique business keys stay). */
const secondaryIndexes = async (client: pg.PoolClient): Promise<IndexDef[]> =>
  (
    await client.query<{ name: string; table: string; sql: string }>(
      `select i.indexname as name, i.tablename as table, i.indexdef as sql
         from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.tablename, i.indexname`,
      [Object.values(tables)],
    )
  ).rows;

/**
 * Sort memory of each index build: the default 64 MB spills the sort of a large table's index to
 * disk; two builds at a time take twice this.
 */
const INDEX_MEMORY = '256MB';

/** Builds the indexes two at a time (one per core here), each session with INDEX_MEMORY to sort. */
const buildIndexes = async (pool: pg.Pool, indexes: readonly IndexDef[]) => {
  const queue = [...indexes];
  const worker = async () => {
    const client = await pool.connect();
    try {
      await client.query(`set maintenance_work_mem = '${INDEX_MEMORY}'`);
      for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.sql);
      await client.query('reset maintenance_work_mem');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
  await Promise.all([worker(), worker()]);
};

/** The write triggers of migration 0008, off during COPY and recounted once after. */
const COUNTED = ['police', 'police_assure'] as const;
const hasScopeCounts = async (client: pg.PoolClient) =>
  (await client.query("select 1 from pg_proc where proname = 'scope_count_refresh'")).rowCount! > 0;

/**
 * Streams a generated scale set into PostgreSQL through COPY, one connection per table so the
 * four big tables load in parallel; memory stays flat whatever the policy count. Loads first,
 * indexes after: the secondary indexes are dropped before the COPYs and built again from their
 * own definitions once the rows are in (building an index over loaded rows is far cheaper than
 * maintaining it row by row). If the load fails, the tables are emptied and the indexes rebuilt,
 * so the database is left as it was found (empty, or emptied by `truncate`).
 */
export const copyScaleSet = async (
  databaseUrl: string,
  options: CopyLoadOptions,
): Promise<CopyLoadReport> => {
  const started = performance.now();
  const pool = guardPool(new pg.Pool({ connectionString: databaseUrl, max: 5 }));
  try {
    const admin = await pool.connect();
    let reconciled = false;
    const truncateAll = () =>
      `truncate ${[...Object.values(tables), ...(reconciled ? ['anomaly'] : [])].join(', ')} restart identity cascade`;
    let indexes: IndexDef[];
    let counted: boolean;
    try {
      // A database migrated only up to the business tables (the EXPLAIN set) has no anomaly table yet.
      const [{ present }] = (
        await admin.query<{ present: boolean }>("select to_regclass('anomaly') is not null present")
      ).rows as [{ present: boolean }];
      reconciled = present;
      if (options.truncate) await admin.query(truncateAll());
      const [{ n }] = (await admin.query<{ n: number }>('select count(*)::int n from police')).rows as [
        { n: number },
      ];
      if (n > 0) throw new Error('the police table is not empty: pass --truncate to replace its rows');
      indexes = await secondaryIndexes(admin);
      counted = await hasScopeCounts(admin);
      await admin.query('begin');
      if (indexes.length) await admin.query(`drop index ${indexes.map((i) => `"${i.name}"`).join(', ')}`);
      if (counted) for (const t of COUNTED) await admin.query(`alter table ${t} disable trigger user`);
      await admin.query('commit');
    } finally {
      admin.release();
    }
    try {
      const report = await load(pool, databaseUrl, options);
      const loaded = performance.now();
      await buildIndexes(pool, indexes);
      const indexed = performance.now();
      await finish(pool, counted);
      const reconciling = performance.now();
      if (reconciled) await reconcile(pool);
      const reconcileSeconds = round((performance.now() - reconciling) / 1000);
      await pool.query('analyze');
      return {
        ...report,
        reconcileSeconds,
        loadSeconds: round((loaded - started) / 1000),
        indexSeconds: round((indexed - loaded) / 1000),
        seconds: round((performance.now() - started) / 1000),
      };
    } catch (error) {
      // Leave the database as it was found: no rows, every index, the triggers on.
      await pool.query(truncateAll());
      const present = new Set(
        (await pool.query<{ indexname: string }>('select indexname from pg_indexes')).rows.map(
          (r) => r.indexname,
        ),
      );
      await buildIndexes(
        pool,
        indexes.filter((i) => !present.has(i.name)),
      );
      await finish(pool, counted);
      throw error;
    }
  } finally {
    await pool.end();
  }
};

/** The anomalies of the loaded rows (docs/reconciliation.md), in one transaction. */
const reconcile = async (pool: pg.Pool) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await refreshAnomalies({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
    await client.query('commit');
    client.release();
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
};

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** The triggers back on, and the counts they keep made from the loaded rows. */
const finish = async (pool: pg.Pool, counted: boolean) => {
  if (!counted) return;
  for (const t of COUNTED) {
    await pool.query(`alter table ${t} enable trigger user`);
    await pool.query('select scope_count_refresh($1)', [t]);
  }
};

/** Splits [0, policies) into `workers` contiguous slices, the first ones taking the remainder. */
const slicesOf = (policies: number, workers: number) =>
  Array.from({ length: workers }, (_, k) => ({
    start: Math.floor((k * policies) / workers),
    end: Math.floor(((k + 1) * policies) / workers),
  }));

/** One slice in a worker thread (`copyWorker.ts`), resolved with what it loaded. */
const runSlice = (worker: Worker, onPolicies: (n: number) => void): Promise<SliceResult> =>
  new Promise((resolve, reject) => {
    let result: SliceResult | undefined;
    worker.on('message', (message: SliceMessage) => {
      if (message.kind === 'progress') onPolicies(message.policies);
      else result = message;
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`a generator thread stopped (exit code ${code})`)),
    );
  });

/**
 * The COPYs: the policies split into one slice per core, the first loaded by this thread and
 * each other one by a worker thread, each generating its slice and COPYing its four big tables
 * through connections of its own; then the statements and recap lines, made from every slice's
 * totals, from this thread.
 */
const load = async (pool: pg.Pool, databaseUrl: string, options: CopyLoadOptions) => {
  // What the generator takes (a function would not cross to a thread).
  const { onProgress, truncate, workers: wanted, anomalies, ...set } = options;
  const workers = Math.max(1, Math.min(wanted ?? availableParallelism(), options.policies));
  let policies = 0;
  const onPolicies = (n: number) => {
    const before = Math.floor(policies / 50_000);
    policies += n;
    if (Math.floor(policies / 50_000) > before) onProgress?.(Math.floor(policies / 50_000) * 50_000);
  };
  const [first, ...others] = slicesOf(options.policies, workers).map(
    ({ start, end }): SliceInput => ({ databaseUrl, options: set, start, end }),
  );
  // The threads first: they start (load their modules) while this thread generates its slice.
  const threads = others.map(
    (input) => new Worker(new URL('./copyWorker.ts', import.meta.url), { workerData: input }),
  );
  const running = threads.map((worker) => runSlice(worker, onPolicies));
  const here = loadSlice(first!, onPolicies);
  let slices: SliceResult[];
  try {
    slices = await Promise.all([here, ...running]);
  } catch (error) {
    // The other slices stop too: ending a thread closes its connections, which rolls back their
    // COPYs; this thread's slice, if still running, is let finish (its rows are emptied after).
    await Promise.all(threads.map((worker) => worker.terminate()));
    await Promise.allSettled([here]);
    throw error;
  }
  const injected = anomalies === true ? await loadInjected(pool, set) : null;
  const { statements, recapLines } = statementsOf(set, [
    ...slices.map((s) => s.totals),
    ...(injected === null ? [] : [injected.totals]),
  ]);
  for (const [table, rows] of [
    [tables.commissions, statements],
    [tables.recap, recapLines],
  ] as const) {
    const client = await pool.connect();
    try {
      const writer = new CopyWriter(client, table, await columnsOf(client, table));
      for (const row of rows) await writer.add(row);
      await writer.end();
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
  const sum = (key: 'policies' | 'assures' | 'mouvements' | 'events') =>
    [...slices, ...(injected === null ? [] : [injected])].reduce((total, s) => total + s[key], 0);
  return {
    manifest: injected?.manifest ?? [],
    policies: sum('policies'),
    assures: sum('assures'),
    mouvements: sum('mouvements'),
    events: sum('events'),
    statements: statements.length,
    recapLines: recapLines.length,
  };
};

/** The policies carrying the injected errors, COPYed from this thread after the slices. */
const loadInjected = async (pool: pg.Pool, options: CopyLoadOptions) => {
  const set = scaleSet(options);
  const { bundles, manifest } = set.injected();
  const rows = {
    [tables.police]: bundles.map((b) => b.police),
    [tables.assures]: bundles.flatMap((b) => b.assures),
    [tables.mouvements]: bundles.flatMap((b) => b.mouvements),
    [tables.events]: bundles.flatMap((b) => b.events),
  };
  const counts: Record<string, number> = {};
  for (const [table, list] of Object.entries(rows)) {
    const client = await pool.connect();
    try {
      const writer = new CopyWriter(client, table, await columnsOf(client, table));
      for (const row of list) await writer.add(row);
      await writer.end();
      counts[table] = writer.count;
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
  return {
    manifest,
    totals: set.totals(),
    policies: counts[tables.police] ?? 0,
    assures: counts[tables.assures] ?? 0,
    mouvements: counts[tables.mouvements] ?? 0,
    events: counts[tables.events] ?? 0,
  };
};
