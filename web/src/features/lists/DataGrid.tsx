import type { SortOrder } from '@extranet/core';
import {
  type CellClickedEvent,
  type CellKeyDownEvent,
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  ColumnApiModule,
  ColumnAutoSizeModule,
  type GridApi,
  type ICellRendererParams,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  ScrollApiModule,
  type SortChangedEvent,
  TooltipModule,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatField } from '../../shared/format.ts';
import { Icon } from '../../shared/Icon.tsx';
import { eye } from '../../shared/icons.ts';

// Only the modules these lists use (TOOLCHAIN: not AllCommunityModule), registered once.
// ColumnApi gives `getColumnState`, which turns a header click into the server's sort: without
// it the click only drew the arrow (AG Grid error #200) and no request left. ScrollApi brings a
// column just added into view.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ColumnApiModule,
  RowSelectionModule,
  ScrollApiModule,
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
  /** Whether a header click sorts by the field (all do unless told). */
  readonly sortable?: (field: string) => boolean;
  readonly sort: readonly SortOrder[];
  readonly onSortChange: (sort: SortOrder[]) => void;
  readonly loading: boolean;
  readonly rowId: (row: T) => string;
  /** The eye button of each row, when the list has one. */
  readonly onView?: (row: T) => void;
  readonly viewLabel?: string;
  /** A cell's content; defaults to the display rules of docs/product.md §3. */
  readonly render?: (field: string, row: T) => React.ReactNode | undefined;
  readonly ariaLabel: string;
  /** Sort the given rows in the browser (a popup's full list) instead of asking the server. */
  readonly clientSort?: boolean;
}

/** Up to this many rows the grid is as tall as its rows. */
const AUTO_HEIGHT_ROWS = 100;

/** The eye column's header: nothing drawn (the column is an icon wide), its name read. */
const ViewHeader = (props: { label: string }) => <span className="visually-hidden">{props.label}</span>;

const ViewButton = (props: ICellRendererParams & { label: string }) => (
  <button type="button" className="btn btn-sm btn-link p-0" aria-label={props.label} data-view-row="">
    <Icon shape={eye} />
  </button>
);

/**
 * An AG Grid over one server page: the server sorts (multi-column with shift-click) and pages,
 * the grid only shows, resizes, reorders and selects one row.
 */
const DataGrid = <T extends object>(props: DataGridProps<T>) => {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  // Columns past the right edge, said under the grid: in-grid scrolling alone gave no cue that
  // Date résiliation and others were there.
  const [hiddenRight, setHiddenRight] = useState(0);
  const countHidden = useCallback((api: GridApi<T>) => {
    if (api.isDestroyed()) return;
    const { right } = api.getHorizontalPixelRange();
    const hidden = api
      .getAllDisplayedColumns()
      .filter(
        (column) =>
          column.getPinned() === null && (column.getLeft() ?? 0) + column.getActualWidth() > right + 1,
      );
    setHiddenRight(hidden.length);
    // Set on the element as 'data-grid-scrolls' is: a className from React would drop that one.
    box.current?.classList.toggle('data-grid-more-right', hidden.length > 0);
  }, []);
  // Columns as wide as their content (nothing cut: 'linéaire' and 'récurrente' read apart);
  // when they need less than the width, they share it; when more, the grid scrolls sideways.
  const fit = useCallback(
    (api: GridApi<T>) => {
      if (api.isDestroyed()) return;
      api.autoSizeAllColumns();
      const used = api.getAllDisplayedColumns().reduce((sum, column) => sum + column.getActualWidth(), 0);
      const width = box.current?.clientWidth ?? 0;
      if (used < width - 2) api.sizeColumnsToFit();
      // The grid's horizontal scrollbar lies over its bottom edge: room below the last row for it.
      box.current?.classList.toggle('data-grid-scrolls', used >= width - 2);
      countHidden(api);
    },
    [countHidden],
  );
  // A column just added with 'Informations' is scrolled into view, not left past the right edge.
  const shown = useRef(props.columns);
  const added = useRef<string | undefined>(undefined);
  const reveal = useCallback(
    (api: GridApi<T>) => {
      const column = props.columns.find((field) => !shown.current.includes(field));
      shown.current = props.columns;
      if (column !== undefined) added.current = column;
      if (added.current !== undefined && !api.isDestroyed()) api.ensureColumnVisible(added.current);
    },
    [props.columns],
  );
  const { columns, header, sortable, sort, onView, viewLabel, render } = props;
  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const defs: ColDef<T>[] = columns.map((field) => {
      const order = sort.findIndex((s) => s.field === field);
      return {
        colId: field,
        headerName: header(field),
        sortable: sortable?.(field) ?? true,
        resizable: true,
        // The server sorted already: keep its order (unless the rows are the whole list).
        ...(props.clientSort ? {} : { comparator: () => 0 }),
        sort: order >= 0 ? sort[order]!.dir : null,
        sortIndex: order >= 0 ? order : null,
        valueGetter: (params) => (params.data as Record<string, unknown> | undefined)?.[field],
        cellRenderer: (params: ICellRendererParams<T>) => {
          if (params.data === undefined) return '';
          const custom = render?.(field, params.data);
          if (custom !== undefined) return custom;
          // A cell cut by a narrow column shows its whole text on hover.
          const text = formatField(field, params.value);
          return <span title={text}>{text}</span>;
        },
        minWidth: 70,
        // A long label wraps onto a second line rather than being cut ("Nombre de mou…").
        wrapHeaderText: true,
        autoHeaderHeight: true,
      };
    });
    if (onView !== undefined) {
      defs.unshift({
        colId: '__view',
        headerName: viewLabel ?? '',
        headerComponent: ViewHeader,
        headerComponentParams: { label: viewLabel },
        headerTooltip: viewLabel,
        width: 48,
        // Pinned: with more columns than the screen holds, the grid scrolls sideways under it.
        pinned: 'left',
        lockPinned: true,
        sortable: false,
        resizable: false,
        suppressMovable: true,
        suppressSizeToFit: true,
        cellRenderer: ViewButton,
        cellRendererParams: { label: viewLabel },
      });
    }
    return defs;
  }, [columns, header, sortable, sort, onView, viewLabel, render, props.clientSort]);

  const api = useRef<GridApi<T> | null>(null);
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const column = refocus.current;
    if (props.loading || column === null) return;
    refocus.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && api.current !== null && !api.current.isDestroyed()) api.current.setFocusedHeader(column);
  }, [props.loading]);

  const onSortChanged = (event: SortChangedEvent<T>) => {
    // Only a person's header click or Enter is a new order. The grid also reports the sort it is
    // given: a preset sorted on a column not shown ("Contrats sans effet" by Date enregistr. résil.)
    // read back as "no sort", and the list asked again with the default order.
    if (props.clientSort || event.source !== 'uiColumnSorted') return;
    // A preset with its own sort re-creates the grid: the old one reports its last sort change
    // while it is being destroyed, when its API answers undefined. That sort is no longer ours.
    const state = event.api.isDestroyed() ? undefined : event.api.getColumnState();
    if (!state) return;
    // The header a keyboard user sorted with Enter: the grid's loading overlay takes the focus
    // away (to the page body, 16 Tabs from the grid); it goes back there once the rows are in.
    refocus.current = document.activeElement?.closest('.ag-header-cell')?.getAttribute('col-id') ?? null;
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

  // A short page grows the grid to its rows (the horizontal scrollbar goes below the last row,
  // never over it); a long one (statement lines up to 10000) scrolls inside a fixed height.
  const autoHeight = props.rows.length <= AUTO_HEIGHT_ROWS;
  return (
    <>
      <section
        ref={box}
        className="data-grid"
        style={autoHeight ? undefined : { height: 560 }}
        aria-label={props.ariaLabel}
      >
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
          domLayout={autoHeight ? 'autoHeight' : 'normal'}
          // Every column is measured, also those beyond the right edge.
          suppressColumnVirtualisation
          onGridReady={(e) => {
            api.current = e.api;
          }}
          onFirstDataRendered={(e) => fit(e.api)}
          onRowDataUpdated={(e) => fit(e.api)}
          onGridColumnsChanged={(e) => {
            fit(e.api);
            reveal(e.api);
          }}
          onGridSizeChanged={(e) => {
            fit(e.api);
            // The cue under the grid can bring the page's scrollbar, which narrows the grid: the
            // column just added stays in view.
            reveal(e.api);
          }}
          onBodyScroll={(e) => countHidden(e.api)}
        />
      </section>
      {hiddenRight > 0 && (
        <p className="small text-body-secondary text-end mb-0 mt-1" data-testid="more-columns">
          {t('web.moreColumns', { count: hiddenRight })}
        </p>
      )}
    </>
  );
};

export default DataGrid;
