import { features, type ListQueryContext, type ListQueryEvent } from '@extranet/core';
import type { ReactNode } from 'react';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ColumnChooser, ExportButton } from '../lists/Toolbar.tsx';

/** The actions right of a statement list's filters: columns, CSV export (when core's features allow it), then `children`. */
export const StatementActions = ({
  list: { context, send, exporting },
  header,
  children,
}: {
  /** The list machine's context, sender and export state, as `useList` returns them. */
  list: { context: ListQueryContext; send: (event: ListQueryEvent) => void; exporting: boolean };
  header: (field: string) => string;
  children?: ReactNode;
}) => {
  const account = useAccount();
  return (
    <div className="ms-auto d-flex flex-wrap gap-2">
      <ColumnChooser
        available={context.spec.selectableColumns}
        columns={context.columns}
        send={send}
        header={header}
      />
      {features(account).export && <ExportButton busy={exporting} send={send} />}
      {children}
    </div>
  );
};
