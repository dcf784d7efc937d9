import type { SortOrder } from '@extranet/core';
import {
  type CellClickedEvent,
  type CellKeyDownEvent,
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  ColumnAutoSizeModule,
  type ICellRendererParams,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  type SortChangedEvent,
  TooltipModule,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatField } from '../../shared/format.ts';

// Only the modules these lists use (TOOLCHAIN: not AllCommunityModule), registered once.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowSelectionModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  LocaleModule,
  TooltipModule,
]);

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerBackgroundColor: '#f8f9fa',
  accentColor: '#0d6efd',
  rowHeight: 36,
  headerHeight: 38,
});

export interface DataGridProps<T> {
  readonly rows: readonly T[];
  readonly columns: readonly string[];
  /** Header label of a field. */
  readonly header: (field: string) => string;
  readonly sort: readonly SortOrder[];
  readonly onSortChange: (sort: SortOrder[]) => void;
  readonly loading: boolean;
  readonly rowId: (row: T) => string;
  /** The eye button of each row, when the list has one. */
  readonly onView?: (row: T) => void;
  readonly viewLabel?: string;
  /** A cell's content; defaults to the display rules of spec §3. */
  readonly render?: (field: string, row: T) => React.ReactNode | undefined;
  readonly ariaLabel: string;
  /** Sort the given rows in the browser (a popup's full list) instead of asking the server. */
  readonly clientSort?: boolean;
}

const ViewButton = (props: ICellRendererParams & { label: string }) => (
  <button type="button" className="btn btn-sm btn-link p-0" aria-label={props.label} data-view-row="">
    <i className="bi bi-eye" aria-hidden="true" />
  </button>
);

/**
 * An AG Grid over one server page: the server sorts (multi-column with shift-click) and pages,
 * the grid only shows, resizes, reorders and selects one row.
 */
const DataGrid = <T extends object>(props: DataGridProps<T>) => {
  const { t } = useTranslation();
  const { columns, header, sort, onView, viewLabel, render } = props;
  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const defs: ColDef<T>[] = columns.map((field) => {
      const order = sort.findIndex((s) => s.field === field);
      return {
        colId: field,
        headerName: header(field),
        sortable: true,
        resizable: true,
        // The server sorted already: keep its order (unless the rows are the whole list).
        ...(props.clientSort ? {} : { comparator: () => 0 }),
        sort: order >= 0 ? sort[order]!.dir : null,
        sortIndex: order >= 0 ? order : null,
        valueGetter: (params) => (params.data as Record<string, unknown> | undefined)?.[field],
        cellRenderer: (params: ICellRendererParams<T>) =>
          params.data === undefined ? '' : (render?.(field, params.data) ?? formatField(field, params.value)),
        minWidth: 90,
      };
    });
    if (onView !== undefined) {
      defs.unshift({
        colId: '__view',
        headerName: '',
        headerTooltip: viewLabel,
        width: 56,
        sortable: false,
        resizable: false,
        suppressMovable: true,
        suppressSizeToFit: true,
        cellRenderer: ViewButton,
        cellRendererParams: { label: viewLabel },
      });
    }
    return defs;
  }, [columns, header, sort, onView, viewLabel, render, props.clientSort]);

  const onSortChanged = (event: SortChangedEvent<T>) => {
    if (props.clientSort) return;
    // A preset with its own sort re-creates the grid: the old one reports its last sort change
    // while it is being destroyed, when its API answers undefined. That sort is no longer ours.
    const state = event.api.isDestroyed() ? undefined : event.api.getColumnState();
    if (!state) return;
    const next = state
      .filter((c) => c.sort !== null && c.sort !== undefined && c.colId !== '__view')
      .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
      .map((c) => ({ field: c.colId, dir: c.sort as 'asc' | 'desc' }));
    props.onSortChange(next);
  };

  const onCellClicked = (event: CellClickedEvent<T>) => {
    if (event.colDef.colId === '__view' && event.data !== undefined) onView?.(event.data);
  };

  // Keyboard users open a row with Enter on its eye cell.
  const onCellKeyDown = (event: CellKeyDownEvent<T>) => {
    const key = (event.event as KeyboardEvent | null)?.key;
    if (key === 'Enter' && event.colDef.colId === '__view' && event.data !== undefined) onView?.(event.data);
  };

  return (
    <section style={{ height: 44 + 36 * Math.max(props.rows.length, 4) }} aria-label={props.ariaLabel}>
      <AgGridReact<T>
        theme={theme}
        rowData={props.rows as T[]}
        columnDefs={columnDefs}
        getRowId={(params) => props.rowId(params.data)}
        loading={props.loading}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        onSortChanged={onSortChanged}
        onCellClicked={onCellClicked}
        onCellKeyDown={onCellKeyDown}
        localeText={{ noRowsToShow: t('web.noResult'), loadingOoo: t('web.loading') }}
        overlayNoRowsTemplate={`<span>${t('web.noResult')}</span>`}
        suppressCellFocus={false}
        ensureDomOrder
        autoSizeStrategy={{ type: 'fitGridWidth', defaultMinWidth: 90 }}
      />
    </section>
  );
};

export default DataGrid;
