import { lazy, Suspense } from 'react';
import { Loading } from '../../shared/Loading.tsx';
import { PHONE, useMediaQuery } from '../../shared/useMediaQuery.ts';
import type { DataGridProps } from './DataGrid.tsx';
import { ListCards } from './ListCards.tsx';

// The grid (the heaviest chunk) loads only when a list is shown on a wider screen.
const DataGrid = lazy(() => import('./DataGrid.tsx')) as unknown as typeof import('./DataGrid.tsx').default;

/** A list's rows: the grid on a tablet or a desk, cards on a phone. */
export const ListView = <T extends object>(
  props: DataGridProps<T> & { readonly cardFields: readonly string[] },
) => {
  const phone = useMediaQuery(PHONE);
  if (phone) return <ListCards<T> {...props} />;
  const { cardFields: _cards, ...grid } = props;
  return (
    <Suspense fallback={<Loading />}>
      <DataGrid<T> {...grid} />
    </Suspense>
  );
};
