import { type DataSetOptions, type DemoSet, generateDemoSet, statementPdfs } from '@extranet/fixtures';
import type { Db, Queryable } from '../db/types.ts';
import { refreshAnomalies } from '../reconciliation/refresh.ts';
import { tableColumns, tables } from './columns.ts';
import { insertRows } from './insertRows.ts';

export interface LoadReport {
  readonly policies: number;
  readonly assures: number;
  readonly statements: number;
  readonly recapLines: number;
  readonly mouvements: number;
  readonly events: number;
  readonly pdfs: number;
  readonly ms: number;
}

/** Inserts a generated set (rows and PDFs) in one transaction, with multi-row INSERTs. */
export const insertDataSet = async (
  tx: Queryable,
  set: DemoSet,
  pdfs: readonly { idBordereau: string; content: Uint8Array }[],
) => {
  const fill = async (table: string, rows: readonly object[]) => {
    const columns = (await tableColumns(tx, table)).map((c) => c.name);
    await insertRows(tx, table, columns, rows as Record<string, unknown>[]);
  };
  await fill(tables.police, set.policies);
  await fill(tables.assures, set.assures);
  await fill(tables.commissions, set.statements);
  await fill(tables.recap, set.recapLines);
  await fill(tables.mouvements, set.mouvements);
  await fill(tables.events, set.events);
  await fill(tables.pdf, pdfs);
  await refreshAnomalies(tx);
};

/**
 * Loads the demo business data of docs/design.md §7 (brokers C0001, C0002, C0003) into an empty
 * database in one transaction. Call after the migrations and the demo accounts.
 *
 * @example await loadDemoData(db) // { policies: 600, mouvements: 4800, … }
 */
export const loadDemoData = async (db: Db, options: DataSetOptions = {}): Promise<LoadReport> => {
  const started = performance.now();
  const set = generateDemoSet(options);
  const pdfs = await statementPdfs(set);
  await db.transaction((tx) => insertDataSet(tx, set, pdfs));
  return {
    policies: set.policies.length,
    assures: set.assures.length,
    statements: set.statements.length,
    recapLines: set.recapLines.length,
    mouvements: set.mouvements.length,
    events: set.events.length,
    pdfs: pdfs.length,
    ms: Math.round(performance.now() - started),
  };
};
