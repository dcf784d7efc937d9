import { type SortOrder, toggleSort } from '@extranet/core';
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { sortDown, sortUp } from './icons.ts';

/**
 * A column header of a plain table sorted by the server: a click sorts by the column, a
 * shift-click adds it to the sort (multi-sort); the arrow shows the direction and, when several
 * columns sort, the number gives the column's rank.
 */
export const SortHeader = ({
  field,
  sort,
  onSort,
  children,
}: {
  field: string;
  sort: readonly SortOrder[];
  onSort: (sort: SortOrder[]) => void;
  children: ReactNode;
}) => {
  const index = sort.findIndex((order) => order.field === field);
  const dir = sort[index]?.dir;
  return (
    <th scope="col" aria-sort={dir === undefined ? 'none' : dir === 'asc' ? 'ascending' : 'descending'}>
      <button
        type="button"
        className="btn btn-link p-0 text-decoration-none fw-semibold text-nowrap"
        onClick={(event) => onSort(toggleSort(sort, field, event.shiftKey))}
      >
        {children}
        {dir !== undefined && <Icon shape={dir === 'asc' ? sortUp : sortDown} className="ms-1" />}
        {dir !== undefined && sort.length > 1 && (
          <sup className="ms-1" data-sort-rank="">
            {index + 1}
          </sup>
        )}
      </button>
    </th>
  );
};
