/**
 * The one query builder for business tables. Every statement it makes starts its WHERE clause
 * with the caller's row scope, then adds the route's fixed conditions, the preset, the filters
 * and the global search; user values only ever travel as bind parameters. Routes get SQL from
 * here and nowhere else, so none of them can forget the scope.
 */
import { type Binder, binder } from './binder.ts';
import type { Caller } from './caller.ts';
import { conditionSql } from './condition-sql.ts';
import type { FieldDef, PresetDef, ResourceDef, SortSpec } from './fields.ts';
import { fieldMap, WORDS_COLLATION } from './fields.ts';
import type { Filter } from './parse.ts';
import { scopeCondition, scopeKey } from './scope.ts';
import { castOf, likePattern } from './values.ts';

export interface Selection {
  readonly filters?: readonly Filter[];
  readonly q?: string | null;
  readonly preset?: PresetDef | null;
  /** Fields of the global search the caller may see. */
  readonly searchFields?: readonly FieldDef[];
}

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

const COMPARATORS = { equals: '=', gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

function filterSql(filter: Filter, bind: Binder): string {
  const { field, op, values } = filter;
  const column = field.column;
  const cast = castOf(field);
  switch (op) {
    case 'in':
      return `${column} in (${values.map((v) => `${bind(v)}${cast}`).join(', ')})`;
    case 'contains':
    case 'startsWith':
      return `${column} ilike ${bind(likePattern(values[0]!, op))} escape '\\'`;
    default:
      return `${column} ${COMPARATORS[op]} ${bind(values[0])}${cast}`;
  }
}

function whereOf(caller: Caller, selection: Selection, bind: Binder): string {
  const conditions = [scopeCondition(caller, bind)];
  if (selection.preset) conditions.push(`(${conditionSql(selection.preset.where, bind)})`);
  for (const filter of selection.filters ?? []) conditions.push(filterSql(filter, bind));
  const search = (selection.searchFields ?? []).filter((field) => field.type === 'text');
  if (selection.q && search.length > 0) {
    const pattern = bind(likePattern(selection.q, 'contains'));
    conditions.push(
      `(${search.map((field) => `${field.column} ilike ${pattern} escape '\\'`).join(' or ')})`,
    );
  }
  return conditions.join(' and ');
}

function orderOf(resource: ResourceDef, sorts: readonly SortSpec[]): string {
  const fields = fieldMap(resource);
  // A masked field sorts by what it shows: its order would otherwise tell its hidden digits.
  const terms = sorts.map((sort) => {
    const field = fields.get(sort.field)!;
    const column = field.masked ?? field.column;
    const key = field.words ? `${column} collate ${WORDS_COLLATION}` : column;
    return `${key} ${sort.direction} nulls last`;
  });
  // A unique last key keeps pages stable when sort values tie.
  if (!sorts.some((sort) => sort.field === 'id')) terms.push('id asc');
  return terms.join(', ');
}

export interface SelectOptions {
  /** Select expressions, already aliased; built by the caller from visible fields. */
  readonly columns: string;
  readonly sorts?: readonly SortSpec[];
  readonly limit?: number;
  readonly offset?: number;
}

export function selectRows(
  resource: ResourceDef,
  caller: Caller,
  selection: Selection,
  options: SelectOptions,
): Statement {
  const bind = binder();
  let sql = `select ${options.columns} from ${resource.table} where ${whereOf(caller, selection, bind)}`;
  if (options.sorts) sql += ` order by ${orderOf(resource, options.sorts)}`;
  if (options.limit !== undefined) sql += ` limit ${bind(options.limit)}`;
  if (options.offset !== undefined) sql += ` offset ${bind(options.offset)}`;
  return { sql, params: bind.params };
}

/**
 * A page as one JSON array text: `rowJson` (json.ts `jsonRowSql`) per row, in the page's order.
 * The rows come from the same `selectRows` statement (scope, filters, sort, limit) as a subquery;
 * its order is kept by string_agg reading a sorted subquery with no join or grouping around it.
 */
export function selectJsonPage(
  resource: ResourceDef,
  caller: Caller,
  selection: Selection,
  options: Omit<SelectOptions, 'columns'> & { readonly rowJson: string },
): Statement {
  const inner = selectRows(resource, caller, selection, { ...options, columns: `${options.rowJson} as j` });
  return {
    sql: `select coalesce('[' || string_agg(p.j, ',') || ']', '[]') as page from (${inner.sql}) p`,
    params: inner.params,
  };
}

/**
 * Aggregates over the same selection; `expressions` are constants from resource files (never
 * user text), e.g. `{ total: 'count(*)' }`.
 */
export function aggregateRows(
  resource: ResourceDef,
  caller: Caller,
  selection: Selection,
  expressions: Readonly<Record<string, string>>,
): Statement {
  const bind = binder();
  const columns = Object.entries(expressions)
    .map(([alias, expression]) => `${expression} as "${alias}"`)
    .join(', ');
  return {
    sql: `select ${columns} from ${resource.table} where ${whereOf(caller, selection, bind)}`,
    params: bind.params,
  };
}

/** Tables whose rows per scope `scope_count` keeps (triggers of migration 0008). */
const COUNTED_TABLES: ReadonlySet<string> = new Set(['police', 'police_assure']);

/**
 * The caller's rows before any filter ("sur M"), read from the counts the write triggers keep
 * instead of counted; null for a table without them (the caller then counts with aggregateRows).
 */
export function scopeCountRows(resource: ResourceDef, caller: Caller): Statement | null {
  if (!COUNTED_TABLES.has(resource.table)) return null;
  const key = scopeKey(caller);
  if (!key) return { sql: 'select 0 as total', params: [] };
  return {
    sql: `select coalesce((select n from scope_count where table_name = $1 and scope = $2 and code = $3), 0) as total`,
    params: [resource.table, key.scope, key.code],
  };
}

/** A fixed equality on a field (the key of a detail route, the parent of a child list). */
export function fieldEquals(resource: ResourceDef, name: string, value: string): Filter {
  const field = fieldMap(resource).get(name);
  if (!field) throw new Error(`${resource.table} has no field ${name}`);
  return { field, op: 'equals', values: [value] };
}

/** `update … set … where <scope> and <key>`: writes obey the row scope like reads. */
export function updateRows(
  resource: ResourceDef,
  caller: Caller,
  key: Filter,
  values: ReadonlyMap<FieldDef, string | null>,
  returning: string,
): Statement {
  const bind = binder();
  const sets = [...values].map(([field, value]) => `${field.column} = ${bind(value)}${castOf(field)}`);
  const where = whereOf(caller, { filters: [key] }, bind);
  return {
    sql: `update ${resource.table} set ${sets.join(', ')} where ${where} returning ${returning}`,
    params: bind.params,
  };
}

export function deleteRows(resource: ResourceDef, caller: Caller, key: Filter): Statement {
  const bind = binder();
  return {
    sql: `delete from ${resource.table} where ${whereOf(caller, { filters: [key] }, bind)} returning id`,
    params: bind.params,
  };
}

export function insertRow(
  resource: ResourceDef,
  values: ReadonlyMap<FieldDef, string | null>,
  returning: string,
): Statement {
  const bind = binder();
  const columns = [...values.keys()].map((field) => field.column);
  const placeholders = [...values].map(([field, value]) => `${bind(value)}${castOf(field)}`);
  return {
    sql: `insert into ${resource.table} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning ${returning}`,
    params: bind.params,
  };
}
