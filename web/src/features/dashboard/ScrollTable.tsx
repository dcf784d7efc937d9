import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';

/**
 * A small table named for screen readers. On a phone a table scrolls sideways inside itself
 * (styles.css), so it takes the keyboard focus too (arrow keys scroll it), as WCAG asks of a
 * scrollable region.
 */
export const ScrollTable = ({
  label,
  testId,
  striped = false,
  children,
}: {
  label: string;
  testId?: string;
  striped?: boolean;
  children: ReactNode;
}) => (
  <Table
    size="sm"
    striped={striped}
    className="mb-0 table-figures"
    aria-label={label}
    tabIndex={0}
    data-testid={testId}
  >
    {children}
  </Table>
);
