import type { ListQueryContext, ListQueryEvent } from '@extranet/core';
import { lazy, Suspense } from 'react';
import { Alert } from 'react-bootstrap';
import { Loading } from '../../shared/Loading.tsx';
import { useMessage } from '../../shared/useMessage.ts';
import type { DataGridProps } from '../lists/DataGrid.tsx';

const DataGrid = lazy(
  () => import('../lists/DataGrid.tsx'),
) as unknown as typeof import('../lists/DataGrid.tsx').default;

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
  'ariaLabel' | 'header' | 'rowId' | 'onView' | 'viewLabel' | 'render'
>) => {
  const translate = useMessage();
  const { query, page, columns, error, exportError } = list.context;
  return (
    <>
      {list.failed && error !== null && <Alert variant="danger">{translate(error)}</Alert>}
      {exportError !== null && <Alert variant="danger">{translate(exportError)}</Alert>}
      <Suspense fallback={<Loading />}>
        <DataGrid<T>
          {...grid}
          rows={(page?.items ?? []) as readonly T[]}
          columns={columns}
          sort={query.sort}
          onSortChange={(sort) => list.send({ type: 'sort.change', sort })}
          loading={list.loading}
        />
      </Suspense>
    </>
  );
};
