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

/**
 * Where a list's address sits in its route's query, when not alone there (a list spec's
 * `address`). A statement's lines share their screen's query with its own keys (`first`, the
 * statement list's position; `from`): theirs carry a prefix, and a tab's mark says they are shown.
 */
export interface AddressPlace {
  /** Put before each of the list's keys in the route's query (`lines.sort=…`). */
  readonly prefix?: string;
  /** The route parameters that show the list, written with any of its addresses (`tab=lines`). */
  readonly marks?: Query;
  /** `page` counts from 1 in the address (the timeline's, docs/product.md §2), not from 0. */
  readonly pageFromOne?: boolean;
}

const OPS = new Set(['in', 'equals', 'contains', 'startsWith', 'gte', 'lte']);
const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Keys an address owns besides `field.op` filters (`first`: the statement list's old position). */
const OWN_KEYS = new Set(['q', 'preset', 'sort', 'page', 'size', 'columns', 'first']);

/** Whether a query key is a filter's `field.op` (`statut.in`, `dateEffet.gte`). */
export const isFilterKey = (key: string): boolean => {
  const [field, op, ...rest] = key.split('.');
  return rest.length === 0 && field !== undefined && FIELD.test(field) && op !== undefined && OPS.has(op);
};

/** Whether a query key belongs to the list's address (and is rewritten with it). */
export const isAddressKey = (key: string): boolean => OWN_KEYS.has(key) || isFilterKey(key);

/** The list's own parameters of a route's query, with their names as the API reads them (prefix taken off). */
export const ownParams = (params: Query, place: AddressPlace = {}): Query => {
  const prefix = place.prefix ?? '';
  return params.flatMap(([key, value]) =>
    key.startsWith(prefix) && isAddressKey(key.slice(prefix.length))
      ? [[key.slice(prefix.length), value] as const]
      : [],
  );
};

/** The sort a list falls back to: its preset's, else the spec's. */
const naturalSort = (spec: ListSpec, preset: string | null): readonly SortOrder[] =>
  (preset === null ? undefined : spec.presets[preset]?.sort) ?? spec.defaultSort;

const sameSort = (a: readonly SortOrder[], b: readonly SortOrder[]) =>
  a.length === b.length && a.every((order, i) => order.field === b[i]?.field && order.dir === b[i]?.dir);

const searchOf = (params: Query) => new URLSearchParams(params as Array<[string, string]>).toString();

/** The filters that differ from those the list starts from (the timeline's types). */
const changedFilters = (spec: ListSpec, filters: Filters): Filters =>
  Object.fromEntries(
    Object.entries(filters).filter(([field, value]) => {
      const initial = spec.defaultFilters[field];
      return (
        initial === undefined ||
        searchOf(filterParams({ [field]: value })) !== searchOf(filterParams({ [field]: initial }))
      );
    }),
  );

/** The address parameters of a list state, in a stable order; empty for a fresh list. */
export const addressParams = (spec: ListSpec, state: ListAddress, columns: AddressColumns): Query => [
  ...filterParams(changedFilters(spec, state.query.filters)),
  ...(state.query.q.trim() === '' ? [] : [['q', state.query.q] as const]),
  ...(state.query.preset === null ? [] : [['preset', state.query.preset] as const]),
  ...(sameSort(state.query.sort, naturalSort(spec, state.query.preset)) ? [] : sortParams(state.query.sort)),
  ...(state.query.page === 0
    ? []
    : [['page', String(state.query.page + (spec.address.pageFromOne === true ? 1 : 0))] as const]),
  ...(state.query.size === spec.pageSize ? [] : [['size', String(state.query.size)] as const]),
  ...(state.columns.join(',') === columns.defaultColumns.join(',')
    ? []
    : [['columns', state.columns.join(',')] as const]),
];

/**
 * The filters of `field.op=value` parameters, other keys passed over: `in` takes a
 * comma-separated list, `gte` and `lte` on one field join into one range, and a field given again
 * takes its new value (a blank one restricts nothing). The web reads its address with it, the
 * CLI its `--filter` expressions.
 */
export const filtersOf = (params: Query): Filters => {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of params) {
    if (!isFilterKey(key)) continue;
    const [field, op] = key.split('.') as [string, string];
    const previous = filters[field];
    if (op === 'in')
      filters[field] = {
        op: 'in',
        values: value
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      };
    else if (op === 'gte' || op === 'lte')
      filters[field] = { ...(previous?.op === 'range' ? previous : {}), op: 'range', [op]: value };
    else filters[field] = { op: op as 'equals' | 'contains' | 'startsWith', value };
  }
  return filters;
};

/**
 * The list state a route's query gives (its list's own keys, under the spec's prefix): unknown
 * presets, page sizes and columns fall back to the fresh list's; a missing `page` comes from
 * `first` (the statement list's position) if any.
 */
export const readAddress = (spec: ListSpec, route: Query, columns: AddressColumns): ListAddress => {
  const params = ownParams(route, spec.address);
  const get = (key: string) => params.find(([k]) => k === key)?.[1];
  const presetParam = get('preset');
  const preset = presetParam !== undefined && presetParam in spec.presets ? presetParam : null;
  const sort = parseSort(params.filter(([k]) => k === 'sort').map(([, v]) => v)).filter((order) =>
    FIELD.test(order.field),
  );
  const sizeParam = Number(get('size'));
  const size = spec.pageSizes.includes(sizeParam) ? sizeParam : spec.pageSize;
  const pageParam = Number(get('page')) - (spec.address.pageFromOne === true ? 1 : 0);
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : pageOfFirst(get('first'), size);
  const chosen = (get('columns') ?? '').split(',').filter((field) => columns.allowedColumns.includes(field));
  return {
    query: {
      // A blank parameter is no filter: its field keeps what a fresh list has.
      filters: { ...spec.defaultFilters, ...filtersOf(params.filter(([, value]) => value !== '')) },
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
 * A route's query with the list's address written into it (under the place's prefix): the other
 * parameters (a popup's, an open client file's, the statement's own) are kept, the list's own
 * are replaced.
 */
export const withAddress = (current: Query, address: Query, place: AddressPlace = {}): Query => {
  const prefix = place.prefix ?? '';
  return [
    ...current.filter(([key]) => !(key.startsWith(prefix) && isAddressKey(key.slice(prefix.length)))),
    ...address.map(([key, value]) => [`${prefix}${key}`, value] as const),
  ];
};

/** Whether a route's query shows the list: all of its place's marks there (always, without marks). */
export const isShown = (route: Query, place: AddressPlace = {}): boolean =>
  (place.marks ?? []).every(([key, value]) => route.some(([k, v]) => k === key && v === value));

/**
 * A route's query showing the list (its marks added) or not (its marks and its address gone),
 * the other parameters kept: a statement's lines tab opened or left.
 *
 * @example showList([['first', '24']], LIST_SPECS.mouvements.address, true) // [['first', '24'], ['tab', 'lines']]
 */
export const showList = (route: Query, place: AddressPlace, shown: boolean): Query => {
  const marks = place.marks ?? [];
  const others = route.filter(([key]) => !marks.some(([mark]) => mark === key));
  return shown ? [...others, ...marks] : withAddress(others, [], place);
};
