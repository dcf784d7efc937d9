import type { SortOrder } from '@extranet/core';
import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatField } from '../../shared/format.ts';
import { Icon } from '../../shared/Icon.tsx';
import { eye, sortDown, sortUp } from '../../shared/icons.ts';
import type { DataGridProps } from './DataGrid.tsx';

/**
 * 'Trier par' on a phone, where there are no column headers to click: a column of the list and
 * a direction, sent to the server like a header click.
 */
const SortChooser = ({
  columns,
  header,
  sort,
  onSortChange,
}: Pick<DataGridProps<object>, 'columns' | 'header' | 'sort' | 'onSortChange'>) => {
  const { t } = useTranslation();
  const id = useId();
  const first = sort[0];
  const change = (next: SortOrder) => onSortChange([next]);
  return (
    <div className="d-flex gap-2 align-items-center mb-2">
      <Form.Label htmlFor={id} className="small mb-0 text-nowrap">
        {t('lists.sortBy')}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={first?.field ?? ''}
        onChange={(e) => change({ field: e.target.value, dir: 'asc' })}
      >
        {first !== undefined && !columns.includes(first.field) && (
          <option value={first.field}>{header(first.field)}</option>
        )}
        {columns.map((field) => (
          <option key={field} value={field}>
            {header(field)}
          </option>
        ))}
      </Form.Select>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={first === undefined}
        aria-label={t(first?.dir === 'desc' ? 'lists.sortDesc' : 'lists.sortAsc')}
        onClick={() =>
          first !== undefined && change({ field: first.field, dir: first.dir === 'asc' ? 'desc' : 'asc' })
        }
      >
        <Icon shape={first?.dir === 'desc' ? sortDown : sortUp} />
      </Button>
    </div>
  );
};

/**
 * A list on a phone: one card per row with the fields that tell rows apart (its spec's
 * `cardFields`), the eye to open it, and 'Trier par' for the sort. Same rows, same order,
 * same query as the grid.
 */
export const ListCards = <T extends object>(
  props: DataGridProps<T> & { readonly cardFields: readonly string[] },
) => {
  const { t } = useTranslation();
  const [title, ...details] = props.cardFields;
  const cell = (field: string, row: T) =>
    props.render?.(field, row) ?? formatField(field, (row as Record<string, unknown>)[field]);
  return (
    <section aria-label={props.ariaLabel} aria-busy={props.loading}>
      <SortChooser
        columns={props.sortable ? props.columns.filter(props.sortable) : props.columns}
        header={props.header}
        sort={props.sort}
        onSortChange={props.onSortChange}
      />
      {props.rows.length === 0 && !props.loading && (
        <p className="text-body-secondary">{t('web.noResult')}</p>
      )}
      <ul className="list-unstyled mb-0 list-cards">
        {props.rows.map((row) => (
          <li key={props.rowId(row)} className="card mb-2" data-row-id={props.rowId(row)}>
            <div className="card-body p-2">
              {/* The eye beside the title, not beside the fields: the fields get the card's whole
                  width, so 'Surcomplémentaire' fits its half instead of breaking mid-word. */}
              <div className="d-flex gap-2 align-items-start">
                <div className="flex-grow-1 fw-semibold text-break" style={{ minWidth: 0 }}>
                  {title !== undefined && cell(title, row)}
                </div>
                {props.onView !== undefined && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={props.viewLabel}
                    data-view-row=""
                    onClick={() => props.onView?.(row)}
                  >
                    <Icon shape={eye} />
                  </Button>
                )}
              </div>
              <dl className="row gx-2 small mb-0">
                {details.map((field) => (
                  <div key={field} className="col-6">
                    <dt className="fw-normal text-body-secondary">{props.header(field)}</dt>
                    <dd className="mb-1 text-break">{cell(field, row) || '—'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
