import type { ImportReport } from '@extranet/core/domain/importReport.ts';
import { camelCase as camel } from '../../db/rows.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { settleDisputes } from '../../disputes/settle.ts';
import { lastFinalMonth, refreshAfterStatements, refreshAnomalies } from '../../reconciliation/refresh.ts';
import { emitImportEvents, watchImport } from '../../webhooks/import-events.ts';
import { canonical, keyOf, sameValues } from './compare.ts';
import { importKinds, type TableKind } from './kinds.ts';
import { type ImportProblem, ImportRejected, MAX_PROBLEMS } from './problems.ts';
import { decodeUtf8, readCsv, readJson } from './readRecords.ts';
import { type ColumnInfo, rowValidator, type Value } from './rowSchema.ts';
import { type PolicyChange, recordLifecycleEvents } from './timelineFromImport.ts';

export interface ImportOptions {
  /** Time stamped on the timeline events the import causes (default: now). */
  readonly now?: Date;
  /**
   * Called inside the transaction after each batch of rows is written (`written` of `total`
   * inserts and updates): a long import shows it is moving, and nothing of it is visible to
   * others until the commit.
   */
  readonly onProgress?: (progress: { readonly written: number; readonly total: number }) => void;
}

/** What one imported file changed: core's report, which the import route answers. */
export type { ImportReport };

type Row = Record<string, unknown>;
interface Parsed {
  readonly line: number;
  readonly row: Record<string, Value>;
}

const catalogue = async (db: Queryable, table: string): Promise<ColumnInfo[]> => {
  const rows = await db.query<{ column_name: string; data_type: string; numeric_scale: number | null }>(
    `select column_name, data_type, numeric_scale from information_schema.columns
      where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows
    .filter((r) => r.column_name !== 'id')
    .map((r) => ({
      name: r.column_name,
      type: r.data_type,
      scale: r.numeric_scale === null ? null : Number(r.numeric_scale),
    }));
};

/** Rows of `table` whose `column` is one of `values` (sent as one JSON parameter). */
const rowsWhereIn = async (
  db: Queryable,
  table: string,
  column: string,
  type: string,
  values: readonly unknown[],
  select = '*',
) =>
  values.length === 0
    ? []
    : db.query<Row>(
        `select ${select} from ${table} where ${column} in (select (json_array_elements_text($1::json))::${type})`,
        [JSON.stringify([...new Set(values.map(canonical))])],
      );

/** Reads and validates a file completely; throws ImportRejected listing every problem found. */
const parseFile = async (db: Queryable, kind: TableKind, file: string, bytes: Uint8Array) => {
  const spec = importKinds[kind];
  const reject = (problems: readonly ImportProblem[]): never => {
    throw new ImportRejected(file, problems.slice(0, MAX_PROBLEMS));
  };
  const decoded = decodeUtf8(bytes);
  if ('line' in decoded)
    reject([{ line: decoded.line, field: null, reason: 'not valid UTF-8: save the file as UTF-8' }]);
  const text = (decoded as { text: string }).text;
  const lower = file.toLowerCase();
  if (!lower.endsWith('.csv') && !lower.endsWith('.json'))
    reject([
      { line: null, field: null, reason: 'unknown format: a .csv (separator ;) or .json file is expected' },
    ]);
  const read = lower.endsWith('.json') ? readJson(text) : readCsv(text);
  if (!read.ok) return reject(read.problems);

  const columns = await catalogue(db, spec.table);
  const bySnake = new Map(columns.map((c) => [c.name, c]));
  const problems: ImportProblem[] = [];
  const mapping = new Map<string, ColumnInfo>();
  for (const name of read.columns) {
    const column =
      bySnake.get(name) ?? bySnake.get(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    if (!column || (name.includes('_') && name !== column.name)) {
      problems.push({ line: 1, field: name, reason: 'unknown column' });
      continue;
    }
    if ([...mapping.values()].includes(column))
      problems.push({ line: 1, field: name, reason: 'column given twice' });
    mapping.set(name, column);
  }
  const present = new Set([...mapping.values()].map((c) => c.name));
  for (const required of spec.required)
    if (!present.has(required)) problems.push({ line: 1, field: camel(required), reason: 'missing column' });
  if (problems.length > 0) reject(problems);

  const fileColumns = [...new Set(mapping.values())];
  const validate = rowValidator(fileColumns, new Set(spec.required));
  const parsed: Parsed[] = [];
  const firstLine = new Map<string, number>();
  for (const record of read.records) {
    const values: Record<string, string | null> = {};
    for (const c of fileColumns) values[c.name] = null;
    for (const [name, value] of Object.entries(record.values)) values[mapping.get(name)!.name] = value;
    const result = validate(record.line, values, camel);
    if (!result.ok) {
      problems.push(...result.problems);
      if (problems.length >= MAX_PROBLEMS) break;
      continue;
    }
    const key = keyOf(result.row, spec.key);
    const seen = firstLine.get(key);
    if (seen !== undefined)
      problems.push({
        line: record.line,
        field: spec.key.map((column) => camel(column)).join('+'),
        reason: `duplicate key ${spec.key.map((k) => result.row[k]).join(' / ')} (already on line ${seen})`,
      });
    else firstLine.set(key, record.line);
    parsed.push({ line: record.line, row: result.row });
  }
  if (problems.length > 0) reject(problems);

  for (const [column, table, target] of spec.refs) {
    const values = parsed.map((p) => p.row[column]);
    const found = new Set(
      (await rowsWhereIn(db, table, target, 'bigint', values, target)).map((r) => canonical(r[target])),
    );
    for (const p of parsed)
      if (!found.has(canonical(p.row[column])))
        problems.push({
          line: p.line,
          field: camel(column),
          reason: `unknown ${camel(column)} ${p.row[column]} (not in ${table})`,
        });
  }
  if (problems.length > 0) reject(problems);
  return {
    spec,
    parsed,
    fileColumns: fileColumns.map((c) => c.name),
    keyType: bySnake.get(spec.key[0]!)!.type,
  };
};

/**
 * Imports one CSV (`;`, UTF-8) or JSON file of `kind` in one transaction: every row is
 * validated first, and a single bad row rejects the whole file (ImportRejected with line,
 * field and reason) leaving the database as it was. Rows are upserted by business key; rows
 * equal to the stored ones are not touched, so importing the same file twice changes nothing.
 * Policy and insured-person changes add timeline events through the lifecycle machine.
 */
export const importTableFile = async (
  db: Db,
  kind: TableKind,
  file: string,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportReport> => {
  const { spec, parsed, fileColumns, keyType } = await parseFile(db, kind, file, bytes);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const keyColumn = spec.key[0]!;
    const stored = await rowsWhereIn(
      tx,
      spec.table,
      keyColumn,
      keyType === 'bigint' ? 'bigint' : 'text',
      parsed.map((p) => p.row[keyColumn]),
    );
    const storedByKey = new Map(stored.map((r) => [keyOf(r, spec.key), r]));
    const inserts: Record<string, Value>[] = [];
    const updates: { before: Row; row: Record<string, Value> }[] = [];
    for (const { row } of parsed) {
      const before = storedByKey.get(keyOf(row, spec.key));
      if (!before) inserts.push(row);
      else if (!sameValues(before, row, fileColumns)) updates.push({ before, row });
    }

    const changes = await lifecycleChanges(tx, kind, inserts, updates);
    const reconciled = inserts.length + updates.length > 0 && RECONCILED.has(kind);
    const watch = await watchImport(tx, reconciled);
    const finalBefore = reconciled && kind === 'commissions' ? await lastFinalMonth(tx) : null;
    await writeRows(tx, spec.table, fileColumns, inserts, updates, options.onProgress);
    const timeline = changes.length > 0 ? await recordLifecycleEvents(tx, changes, now) : [];
    // Anomalies derive from policies, statements, lines and events: detected again in this
    // transaction, for the policies the file touched when it holds policies or lines; a statement
    // may only move the latest final month every "not paid" is counted from.
    if (reconciled && kind === 'commissions') await refreshAfterStatements(tx, finalBefore);
    else if (reconciled) await refreshAnomalies(tx, { policies: touched(inserts, updates) });
    // A new line may carry a correction accepted in a dispute: settled in this transaction.
    if (inserts.length > 0 && kind === 'mouvements') await settleDisputes(tx);
    // Webhook deliveries exist exactly when the import commits.
    await emitImportEvents(tx, watch, { statements: kind === 'commissions' ? inserts : [], timeline });
    return {
      kind,
      file,
      rows: parsed.length,
      inserted: inserts.length,
      updated: updates.length,
      unchanged: parsed.length - inserts.length - updates.length,
      events: timeline.length,
    };
  });
};

/** The kinds whose rows reconciliation reads (docs/reconciliation.md). */
const RECONCILED: ReadonlySet<TableKind> = new Set(['police', 'commissions', 'mouvements']);

/** The policies of the rows an import writes (before and after, should a line change policy). */
const touched = (
  inserts: readonly Record<string, Value>[],
  updates: readonly { before: Row; row: Record<string, Value> }[],
): string[] => [
  ...new Set(
    [...inserts, ...updates.map((u) => u.row), ...updates.map((u) => u.before as Record<string, unknown>)]
      .map((row) => row.id_police)
      .filter((id) => id !== null && id !== undefined)
      .map(String),
  ),
];

/** Rows per statement: one JSON parameter each, so memory stays bounded on large files. */
const BATCH = 5000;

const writeRows = async (
  tx: Queryable,
  table: string,
  columns: readonly string[],
  inserts: readonly Record<string, Value>[],
  updates: readonly { before: Row; row: Record<string, Value> }[],
  onProgress: ImportOptions['onProgress'],
) => {
  const total = inserts.length + updates.length;
  let written = 0;
  const list = columns.join(', ');
  for (let i = 0; i < inserts.length; i += BATCH) {
    const batch = inserts.slice(i, i + BATCH);
    await tx.query(
      `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(batch)],
    );
    written += batch.length;
    onProgress?.({ written, total });
  }
  const set = columns.map((c) => `${c} = s.${c}`).join(', ');
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = updates.slice(i, i + BATCH);
    await tx.query(
      `update ${table} t set ${set} from json_populate_recordset(null::${table}, $1::json) s where t.id = s.id`,
      [JSON.stringify(batch.map((u) => ({ ...u.row, id: u.before.id })))],
    );
    written += batch.length;
    onProgress?.({ written, total });
  }
};

/** Before/after pictures of the policies a police or assures file changes (read before writing). */
const lifecycleChanges = async (
  tx: Queryable,
  kind: TableKind,
  inserts: readonly Record<string, Value>[],
  updates: readonly { before: Row; row: Record<string, Value> }[],
): Promise<PolicyChange[]> => {
  if (kind !== 'police' && kind !== 'assures') return [];
  const touched = [...inserts.map((row) => ({ before: undefined as Row | undefined, row })), ...updates];
  const policyIds = touched.map((t) => t.row.id_police ?? t.before?.id_police);
  const insured = Map.groupBy(
    await rowsWhereIn(
      tx,
      'police_assure',
      'id_police',
      'bigint',
      policyIds,
      'id_police, id_assure, nomprenom, date_resil',
    ),
    (r) => canonical(r.id_police),
  );
  if (kind === 'police')
    return touched.map(({ before, row }) => {
      const list = insured.get(canonical(row.id_police)) ?? [];
      return { before, after: { ...before, ...row }, insuredBefore: list, insuredAfter: list };
    });
  const policies = new Map(
    (await rowsWhereIn(tx, 'police', 'id_police', 'bigint', policyIds)).map((p) => [
      canonical(p.id_police),
      p,
    ]),
  );
  return [
    ...Map.groupBy(touched, (t) => canonical(t.row.id_police ?? t.before?.id_police)).entries(),
  ].flatMap(([id, rows]) => {
    const policy = policies.get(id);
    if (!policy) return [];
    const before = insured.get(id) ?? [];
    const after = new Map(before.map((r) => [canonical(r.id_assure), r]));
    for (const { before: old, row } of rows) after.set(canonical(row.id_assure), { ...old, ...row });
    return [{ before: policy, after: policy, insuredBefore: before, insuredAfter: [...after.values()] }];
  });
};
