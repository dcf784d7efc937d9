/**
 * Reads a list request's query string into a checked `ListQuery`: filters
 * `<field>.<op>=<value>`, `q`, `preset`, `page`, `size`, repeated `sort=field,asc|desc` and, for
 * exports, `columns`. Only the fields the caller may see are accepted, so a hidden column can be
 * neither read nor probed through a filter, a sort or the search.
 */
import type { Caller } from './caller.ts';
import { type View, visibleFields } from './columns.ts';
import { badParam } from './errors.ts';
import type { Direction, FieldDef, FieldType, PresetDef, ResourceDef, SortSpec } from './fields.ts';
import { hasNul, normaliseValue } from './values.ts';

export const OPERATORS = ['equals', 'in', 'contains', 'startsWith', 'gte', 'gt', 'lte', 'lt'] as const;
export type Operator = (typeof OPERATORS)[number];

const OPERATORS_BY_TYPE: Record<FieldType, readonly Operator[]> = {
  text: ['equals', 'in', 'contains', 'startsWith'],
  enum: ['equals', 'in'],
  id: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
  integer: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
  money: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
  rate: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
  date: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
  timestamp: ['equals', 'in', 'gte', 'gt', 'lte', 'lt'],
};

export const MAX_SIZE = 10_000;
const MAX_PAGE = 100_000_000;
const MAX_IN_VALUES = 1_000;
const MAX_Q_LENGTH = 200;

export interface Filter {
  readonly field: FieldDef;
  readonly op: Operator;
  /** Checked, bindable text values (one unless `in`). */
  readonly values: readonly string[];
}

export interface ListQuery {
  readonly filters: readonly Filter[];
  readonly q: string | null;
  readonly preset: PresetDef | null;
  readonly sorts: readonly SortSpec[];
  readonly page: number;
  readonly size: number;
  /** Export only: the chosen columns in order, or null for all visible ones. */
  readonly columns: readonly FieldDef[] | null;
}

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ParseOptions {
  readonly view: Exclude<View, 'detail'>;
  /** Route-specific parameters read elsewhere (e.g. the timeline's `type`). */
  readonly extraParams?: readonly string[];
}

// Parameters some clients add to defeat caches; they mean nothing here.
const IGNORED = new Set(['cacheBuster', '_']);

const all = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function single(query: RawQuery, name: string): string | undefined {
  const values = all(query[name]);
  if (values.length > 1) throw badParam(name, 'InvalidValue', 'Parameter given more than once');
  return values[0];
}

function integerParam(query: RawQuery, name: string, fallback: number, min: number, max: number): number {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,12}$/.test(raw.trim())) throw badParam(name, 'InvalidValue', 'Not an integer');
  const value = Number(raw.trim());
  if (value < min) throw badParam(name, 'Min', `Must be at least ${min}`);
  if (value > max) throw badParam(name, 'Max', `Must be at most ${max}`);
  return value;
}

function parseFilter(param: string, raws: string[], fields: ReadonlyMap<string, FieldDef>): Filter[] {
  const dot = param.lastIndexOf('.');
  const name = param.slice(0, dot);
  const op = param.slice(dot + 1);
  const field = fields.get(name);
  if (!field || field.filterable === false)
    throw badParam(param, 'UnknownField', 'Unknown or not permitted filter field');
  if (!(OPERATORS as readonly string[]).includes(op))
    throw badParam(param, 'UnknownOperator', 'Unknown operator');
  if (!OPERATORS_BY_TYPE[field.type].includes(op as Operator)) {
    throw badParam(param, 'UnknownOperator', `Operator ${op} does not apply to a ${field.type} field`);
  }
  return raws.map((raw) => {
    const parts = op === 'in' ? raw.split(',') : [raw];
    if (parts.length > MAX_IN_VALUES) throw badParam(param, 'Size', `At most ${MAX_IN_VALUES} values`);
    const values = parts.map((part) => {
      const value = normaliseValue(field, part);
      if (value === null) throw badParam(param, 'InvalidValue', `Not a valid ${field.type} value`);
      return value;
    });
    return { field, op: op as Operator, values };
  });
}

/** `sort=a,b,desc` sorts a then b descending (Spring's reading); direction defaults to asc. */
function parseSorts(raws: string[], fields: ReadonlyMap<string, FieldDef>): SortSpec[] {
  const sorts: SortSpec[] = [];
  for (const raw of raws) {
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0) continue;
    let direction: Direction = 'asc';
    const last = parts[parts.length - 1]!.toLowerCase();
    if (last === 'asc' || last === 'desc') {
      direction = last;
      parts.pop();
    }
    for (const name of parts) {
      if (fields.get(name)?.sortable === false || !fields.has(name))
        throw badParam('sort', 'UnknownField', `Unknown or not permitted sort field ${name}`);
      sorts.push({ field: name, direction });
    }
  }
  return sorts;
}

function parseColumns(raw: string | undefined, fields: ReadonlyMap<string, FieldDef>): FieldDef[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const names = raw.split(',').map((name) => name.trim());
  return names.map((name) => {
    const field = fields.get(name);
    if (!field) throw badParam('columns', 'UnknownField', `Unknown or not permitted column ${name}`);
    return field;
  });
}

export function parseListQuery(
  resource: ResourceDef,
  caller: Caller,
  query: RawQuery,
  options: ParseOptions,
): ListQuery {
  const fields = new Map(visibleFields(resource, caller, options.view).map((field) => [field.name, field]));
  const filters: Filter[] = [];
  const known = new Set(['page', 'size', 'sort', 'q', ...(options.extraParams ?? [])]);
  if (resource.presets) known.add('preset');
  if (options.view === 'export') known.add('columns');
  for (const [param, value] of Object.entries(query)) {
    if (IGNORED.has(param) || known.has(param)) continue;
    if (!param.includes('.')) throw badParam(param, 'UnknownParameter', 'Unknown parameter');
    filters.push(...parseFilter(param, all(value), fields));
  }

  const q = single(query, 'q')?.trim() || null;
  if (q !== null && q.length > MAX_Q_LENGTH)
    throw badParam('q', 'Size', `At most ${MAX_Q_LENGTH} characters`);
  if (q !== null && hasNul(q)) throw badParam('q', 'InvalidValue', 'Not a valid text value');

  let preset: PresetDef | null = null;
  const presetCode = single(query, 'preset')?.trim();
  if (presetCode && resource.presets) {
    preset = resource.presets[presetCode.toUpperCase()] ?? null;
    if (!preset) throw badParam('preset', 'UnknownPreset', `Unknown preset ${presetCode}`);
  }

  const explicit = parseSorts(all(query.sort), fields);
  const sorts = explicit.length > 0 ? explicit : [...(preset?.sort ?? []), ...resource.defaultSort];

  return {
    filters,
    q,
    preset,
    sorts,
    page: integerParam(query, 'page', 0, 0, MAX_PAGE),
    size: integerParam(query, 'size', resource.defaultSize, 1, MAX_SIZE),
    columns: options.view === 'export' ? parseColumns(single(query, 'columns'), fields) : null,
  };
}
