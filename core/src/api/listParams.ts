import { type SortOrder, sortParams } from './pagingParams.ts';
import type { Query } from './request.ts';

/**
 * A filter on one field (docs/design.md §5): multi-selects use `in` (empty = 'Tous', no filter),
 * text inputs `startsWith` or `contains`, date ranges and age spinners `range` (`gte`/`lte`,
 * both inclusive, docs/design.md §6), birth month `equals`.
 */
export type FilterValue =
  | { readonly op: 'in'; readonly values: readonly string[] }
  | { readonly op: 'equals' | 'contains' | 'startsWith'; readonly value: string }
  | { readonly op: 'range'; readonly gte?: string; readonly lte?: string };

export type Filters = Readonly<Record<string, FilterValue>>;

/** Everything that decides which rows a list shows. */
export interface ListQuery {
  readonly filters: Filters;
  /** 'Recherche Globale' (contains, over the resource's search fields). */
  readonly q: string;
  /** A predefined filter of docs/product.md §4 (NOF, SEF, RES, IMP, MED, NRS, VIG), or none. */
  readonly preset: string | null;
  readonly sort: readonly SortOrder[];
  /** 0-based. */
  readonly page: number;
  readonly size: number;
}

/** True when a filter value restricts nothing (an empty multi-select, a blank text, an open range). */
export const isEmptyFilter = (filter: FilterValue): boolean => {
  switch (filter.op) {
    case 'in':
      return filter.values.length === 0;
    case 'range':
      return (filter.gte ?? '') === '' && (filter.lte ?? '') === '';
    default:
      return filter.value.trim() === '';
  }
};

/** `field.op=value` parameters for the filters that restrict something, in a stable order. */
export const filterParams = (filters: Filters): Array<readonly [string, string]> =>
  Object.keys(filters)
    .sort()
    .flatMap((field): Array<readonly [string, string]> => {
      const filter = filters[field]!;
      if (isEmptyFilter(filter)) return [];
      switch (filter.op) {
        case 'in':
          return [[`${field}.in`, filter.values.join(',')] as const];
        case 'range':
          return [
            ...((filter.gte ?? '') === '' ? [] : [[`${field}.gte`, filter.gte!] as const]),
            ...((filter.lte ?? '') === '' ? [] : [[`${field}.lte`, filter.lte!] as const]),
          ];
        default:
          return [[`${field}.${filter.op}`, filter.value.trim()] as const];
      }
    });

/** The filtering part of a list request: filters, `q` and `preset` (shared by lists and exports). */
export const selectionParams = (query: Omit<ListQuery, 'page' | 'size'>): Query => [
  ...filterParams(query.filters),
  ...(query.q.trim() === '' ? [] : [['q', query.q.trim()] as const]),
  ...(query.preset === null ? [] : [['preset', query.preset] as const]),
  ...sortParams(query.sort),
];

/** The query string of a list page: `page`, `size`, repeated `sort`, filters, `q`, `preset`. */
export const listParams = (query: ListQuery): Query => [
  ['page', String(query.page)],
  ['size', String(query.size)],
  ...selectionParams(query),
];

/** The query string of a CSV export: the list's selection and the visible columns in order. */
export const exportParams = (query: Omit<ListQuery, 'page' | 'size'>, columns?: readonly string[]): Query => [
  ...selectionParams(query),
  ...(columns === undefined || columns.length === 0 ? [] : [['columns', columns.join(',')] as const]),
];
