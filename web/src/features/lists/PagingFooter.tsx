import type { ListQueryContext, ListQueryEvent } from '@extranet/core';
import type { ReactNode } from 'react';
import { Pager } from '../../shared/Pager.tsx';
import { PageSizeSelect } from './Toolbar.tsx';

/** Below a list's grid: its summary line, the page links and the page-size choice. */
export const PagingFooter = ({
  list: { context, send },
  summaryTestId,
  children,
}: {
  /** The list machine's context and sender, as `useList` returns them. */
  list: { context: ListQueryContext; send: (event: ListQueryEvent) => void };
  summaryTestId: string;
  /** The summary line. */
  children: ReactNode;
}) => (
  <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
    {/* Named and filled once the first page is known: never a "0 …" before the figures arrive. */}
    {context.page === null ? <span /> : <span data-testid={summaryTestId}>{children}</span>}
    <Pager
      page={context.query.page}
      total={context.page?.total ?? 0}
      size={context.query.size}
      onChange={(page) => send({ type: 'page.change', page })}
    />
    <div className="ms-auto">
      <PageSizeSelect spec={context.spec} size={context.query.size} send={send} />
    </div>
  </div>
);
