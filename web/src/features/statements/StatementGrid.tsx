import type { ListQueryContext, ListQueryEvent } from '@extranet/core';
import { Alert } from 'react-bootstrap';
import { useMessage } from '../../shared/useMessage.ts';
import type { DataGridProps } from '../lists/DataGrid.tsx';
import { ListView } from '../lists/ListView.tsx';

/** What the grid reads from a list machine, as `useList` returns it. */
interface ListHandle {
  readonly context: ListQueryContext;
  readonly send: (event: ListQueryEvent) => void;
  readonly failed: boolean;
  readonly loading: boolean;
}

/**
 * A statement list's load and export errors above its grid; rows, columns, sort and loading
 * come from the list machine, the rest (label, row id, view button, cells) from the screen.
 */
export const StatementGrid = <T extends object>({
  list,
  ...grid
}: { list: ListHandle } & Pick<
  DataGridProps<T>,
  'ariaLabel' | 'header' | 'sortable' | 'rowId' | 'onView' | 'viewLabel' | 'render'
>) => {
  const translate = useMessage();
  const { query, page, columns, error, exportError } = list.context;
  return (
    <>
      {list.failed && error !== null && <Alert variant="danger">{translate(error)}</Alert>}
      {exportError !== null && <Alert variant="danger">{translate(exportError)}</Alert>}
      <ListView<T>
        {...grid}
        rows={(page?.items ?? []) as readonly T[]}
        columns={columns}
        sort={query.sort}
        onSortChange={(sort) => list.send({ type: 'sort.change', sort })}
        loading={list.loading}
        cardFields={list.context.spec.cardFields}
      />
    </>
  );
};
