/**
 * Reads `EXPLAIN (FORMAT JSON)` plans: how a statement reaches one table (sequential scan,
 * index scan with a condition, bitmap of index scans), and whether an index gives the rows in
 * the requested order (no Sort node), which is what lets a page stop after its rows.
 */
import type { Queryable } from '../../src/db/types.ts';

export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Index Cond'?: string;
  readonly Plans?: readonly PlanNode[];
}

export interface Access {
  /** `Seq Scan`, `Index Scan`, `Index Only Scan` or `Bitmap Heap Scan`. */
  readonly node: string;
  readonly indexes: readonly string[];
  /** Every index used has a condition (or is partial): only matching entries are read. */
  readonly narrowed: boolean;
}

export interface PlanReading {
  readonly accesses: readonly Access[];
  /** A plain Sort node: rows are collected then sorted (an Incremental Sort over an index's order is not one). */
  readonly sorts: boolean;
}

export type Statement = { readonly sql: string; readonly params: readonly unknown[] };

export async function explain(db: Queryable, statement: Statement): Promise<PlanNode> {
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.sql}`,
    statement.params,
  );
  return row!['QUERY PLAN'][0].Plan;
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** `partial` names the partial indexes: scanning one without a condition still reads only its rows. */
export function readPlan(plan: PlanNode, table: string, partial: ReadonlySet<string>): PlanReading {
  const usesIndex = (node: PlanNode) =>
    node['Index Cond'] !== undefined || partial.has(node['Index Name'] ?? '');
  const accesses: Access[] = [];
  for (const node of walk(plan)) {
    if (node['Relation Name'] !== table) continue;
    const type = node['Node Type'];
    if (type === 'Bitmap Heap Scan') {
      const scans = [...walk(node)].filter((n) => n['Node Type'] === 'Bitmap Index Scan');
      accesses.push({
        node: type,
        indexes: scans.map((n) => n['Index Name']!),
        narrowed: scans.length > 0 && scans.every(usesIndex),
      });
    } else if (type === 'Index Scan' || type === 'Index Only Scan') {
      accesses.push({ node: type, indexes: [node['Index Name']!], narrowed: usesIndex(node) });
    } else {
      accesses.push({ node: type, indexes: [], narrowed: false });
    }
  }
  return { accesses, sorts: [...walk(plan)].some((n) => n['Node Type'] === 'Sort') };
}

/** Only matching index entries are read (no sequential scan, no whole-index walk). */
export const narrowed = (reading: PlanReading): boolean =>
  reading.accesses.length > 0 && reading.accesses.every((a) => a.narrowed);

/** The table is read through an index in the requested order, so a LIMIT stops the read early. */
export const ordered = (reading: PlanReading): boolean =>
  !reading.sorts &&
  reading.accesses.length > 0 &&
  reading.accesses.every((a) => a.node === 'Index Scan' || a.node === 'Index Only Scan');

/** `Index Scan police_courtier_list_idx`, `Bitmap Heap Scan (a_idx, b_idx)`, `Seq Scan`. */
export function describeAccess(reading: PlanReading): string {
  const text = reading.accesses
    .map((a) => (a.indexes.length === 0 ? a.node : `${a.node} ${a.indexes.join(', ')}`))
    .join(' + ');
  return reading.sorts ? `${text} + Sort` : text;
}
