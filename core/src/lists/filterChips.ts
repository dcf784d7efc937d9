import { type Filters, isEmptyFilter } from '../api/listParams.ts';
import type { Descriptor } from '../descriptors/descriptor.ts';

/** At most this many values are named in a chip; the rest are counted ("+ 9"). */
const NAMED_VALUES = 3;

/**
 * One active filter as a removable chip: the field it restricts and what it keeps. A range's
 * bounds and a multi-select's values are given as data, so each client formats them (dates,
 * codes) in its own language.
 */
export type FilterChip =
  | {
      readonly field: string;
      readonly kind: 'values';
      readonly values: readonly string[];
      readonly more: number;
    }
  /** Rows chosen by their internal ids (a dashboard link's `idPolice.in=…`): only counted, an id says nothing to a person. */
  | {
      readonly field: string;
      readonly kind: 'selection';
      readonly count: number;
    }
  | {
      readonly field: string;
      readonly kind: 'text';
      readonly op: 'equals' | 'contains' | 'startsWith';
      readonly value: string;
    }
  | {
      readonly field: string;
      readonly kind: 'range';
      readonly gte: string | null;
      readonly lte: string | null;
    };

/**
 * Every filter that restricts the rows, one chip each, in the order they were set (an address
 * from a dashboard link, a saved list, a panel). Filters that restrict nothing are left out. With
 * the list's descriptor, a choice among its internal ids is a `selection`, counted.
 *
 * @example filterChips({ statut: { op: 'in', values: ['E', 'R'] } }) // [{ field: 'statut', kind: 'values', values: ['E', 'R'], more: 0 }]
 * @example filterChips({ idPolice: { op: 'in', values: ['1', '2'] } }, policeDescriptor) // [{ field: 'idPolice', kind: 'selection', count: 2 }]
 */
export const filterChips = (filters: Filters, descriptor?: Descriptor): FilterChip[] =>
  Object.entries(filters)
    .filter(([, filter]) => !isEmptyFilter(filter))
    .map(([field, filter]): FilterChip => {
      switch (filter.op) {
        case 'in':
          if (descriptor?.fields[field]?.meta.wire === 'id')
            return { field, kind: 'selection', count: filter.values.length };
          return {
            field,
            kind: 'values',
            values: filter.values.slice(0, NAMED_VALUES),
            more: Math.max(0, filter.values.length - NAMED_VALUES),
          };
        case 'range':
          return { field, kind: 'range', gte: filter.gte || null, lte: filter.lte || null };
        default:
          return { field, kind: 'text', op: filter.op, value: filter.value };
      }
    });
