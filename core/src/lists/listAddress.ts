import { type Filters, type FilterValue, filterParams, type ListQuery } from '../api/listParams.ts';
import { parseSort, type SortOrder, sortParams } from '../api/paging.ts';
import type { Query } from '../api/request.ts';
import type { ListSpec } from './listSpecs.ts';
import { pageOfFirst } from './position.ts';

/**
 * A list's address (docs/design.md §9): its state in the route's query, with the API's own
 * parameter names (`field.op=value`, `q`, `preset`, repeated `sort`, `page`, `size`) plus
 * `columns`, so an address can be shared, reloaded, and replayed by the CLI. Only what differs
 * from a fresh list is written: a fresh list's address is bare.
 */
export interface ListAddress {
  readonly query: ListQuery;
  readonly columns: readonly string[];
}

export interface AddressColumns {
  /** The columns a fresh list shows (for this account). */
  readonly defaultColumns: readonly string[];
  /** The columns this account may choose; others in an address are dropped. */
  readonly allowedColumns: readonly string[];
}

const OPS = new Set(['in', 'equals', 'contains', 'startsWith', 'gte', 'lte']);
const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Keys an address owns besides `field.op` filters (`first`: the statement list's old position). */
const OWN_KEYS = new Set(['q', 'preset', 'sort', 'page', 'size', 'columns', 'first']);

/** Whether a query key belongs to the list's address (and is rewritten with it). */
export const isAddressKey = (key: string): boolean => {
  if (OWN_KEYS.has(key)) return true;
  const [field, op, ...rest] = key.split('.');
  return rest.length === 0 && field !== undefined && FIELD.test(field) && op !== undefined && OPS.has(op);
};

/** The sort a list falls back to: its preset's, else the spec's. */
const naturalSort = (spec: ListSpec, preset: string | null): readonly SortOrder[] =>
  (preset === null ? undefined : spec.presets[preset]?.sort) ?? spec.defaultSort;

const sameSort = (a: readonly SortOrder[], b: readonly SortOrder[]) =>
  a.length === b.length && a.every((order, i) => order.field === b[i]?.field && order.dir === b[i]?.dir);

/** The address parameters of a list state, in a stable order; empty for a fresh list. */
export const addressParams = (spec: ListSpec, state: ListAddress, columns: AddressColumns): Query => [
  ...filterParams(state.query.filters),
  ...(state.query.q.trim() === '' ? [] : [['q', state.query.q] as const]),
  ...(state.query.preset === null ? [] : [['preset', state.query.preset] as const]),
  ...(sameSort(state.query.sort, naturalSort(spec, state.query.preset)) ? [] : sortParams(state.query.sort)),
  ...(state.query.page === 0 ? [] : [['page', String(state.query.page)] as const]),
  ...(state.query.size === spec.pageSize ? [] : [['size', String(state.query.size)] as const]),
  ...(state.columns.join(',') === columns.defaultColumns.join(',')
    ? []
    : [['columns', state.columns.join(',')] as const]),
];

const filtersOf = (params: Query): Filters => {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of params) {
    if (OWN_KEYS.has(key) || !isAddressKey(key) || value === '') continue;
    const [field, op] = key.split('.') as [string, string];
    const previous = filters[field];
    if (op === 'in') filters[field] = { op: 'in', values: value.split(',') };
    else if (op === 'gte' || op === 'lte')
      filters[field] = { ...(previous?.op === 'range' ? previous : {}), op: 'range', [op]: value };
    else filters[field] = { op: op as 'equals' | 'contains' | 'startsWith', value };
  }
  return filters;
};

/**
 * The list state an address gives: unknown presets, page sizes and columns fall back to the
 * fresh list's; a missing `page` comes from `first` (the statement list's position) if any.
 */
export const readAddress = (spec: ListSpec, params: Query, columns: AddressColumns): ListAddress => {
  const get = (key: string) => params.find(([k]) => k === key)?.[1];
  const presetParam = get('preset');
  const preset = presetParam !== undefined && presetParam in spec.presets ? presetParam : null;
  const sort = parseSort(params.filter(([k]) => k === 'sort').map(([, v]) => v)).filter((order) =>
    FIELD.test(order.field),
  );
  const sizeParam = Number(get('size'));
  const size = spec.pageSizes.includes(sizeParam) ? sizeParam : spec.pageSize;
  const pageParam = Number(get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : pageOfFirst(get('first'), size);
  const chosen = (get('columns') ?? '').split(',').filter((field) => columns.allowedColumns.includes(field));
  return {
    query: {
      filters: { ...spec.defaultFilters, ...filtersOf(params) },
      q: get('q') ?? '',
      preset,
      sort: sort.length > 0 ? sort : naturalSort(spec, preset),
      page,
      size,
    },
    columns: chosen.length > 0 ? chosen : columns.defaultColumns,
  };
};

/**
 * A route's query with the list's address written into it: the other parameters (a popup's,
 * an open client file's) are kept, the list's own are replaced.
 */
export const withAddress = (current: Query, address: Query): Query => [
  ...current.filter(([key]) => !isAddressKey(key)),
  ...address,
];
