import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import {
  type ColumnMovedEvent,
  type ColumnResizedEvent,
  type FilterChangedEvent,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type RowClassParams,
  type RowStyle,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { CardControls } from './card-controls';
import classes from './data-grid.module.css';
import { CardList } from './card-list';
import { fitColumns } from './fit-columns';
import { gridTheme } from './grid-theme';
import { PageLinks, PageSizeSelect } from './pager';
import {
  layoutFromState,
  layoutKey,
  loadLayout,
  saveLayout,
  stateFromLayout,
} from './column-layout';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  colIdOf,
  filtersFromModel,
  sortFromColumnState,
  toColDef,
  type DataGridColumn,
  type GridPage,
  type GridQuery,
} from './grid-query';
import { loadFailureText } from '@/lib/errors/refusal';

// Options handed to AG Grid are kept stable: a new object or function on every render makes it
// re-apply them and emit events, which would re-render the grid again.
// Columns are sized to their content (fitColumns), never squeezed below a readable width: when
// they do not fit, the grid scrolls sideways under its pinned status and action columns.
const defaultColDef = { resizable: true, minWidth: 100 };
const alwaysPass = () => true;
const noRows: never[] = [];

/** Below this width a grid is shown as a list of cards (the phone layout). */
export const PHONE_QUERY = '(max-width: 48em)';
function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The query a grid runs for one page: what TanStack's `queryOptions()` returns. */
export type GridQueryOptions<Row, Page extends GridPage<Row> = GridPage<Row>> = UseQueryOptions<
  Page,
  Error,
  Page,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any key the feature builds
  any
>;

export interface DataGridProps<Row, Page extends GridPage<Row> = GridPage<Row>> {
  /** Stable id of this grid; with the user's id it keys the remembered column order and widths. */
  gridId: string;
  /** What the grid and its pager are called for screen readers. */
  label: string;
  columns: DataGridColumn<Row>[];
  /**
   * Builds the query of one page from the grid's parameters, e.g.
   * `(q) => entitiesQueryOptions(q)` where the feature's queryOptions key includes `q` and its
   * fetcher calls the list operation with `page`, `pageSize`, `sort` and `...filters`. Mutations
   * refresh the grid by invalidating the feature's key prefix.
   */
  query: (params: GridQuery) => GridQueryOptions<Row, Page>;
  /** Row identity (default: the row's `id`). */
  getRowId?: (row: Row) => string;
  /** Text shown when the page has no rows. */
  emptyText?: string;
  /** A class for a row (and its card), e.g. to mark late cancellations. */
  rowClass?: (row: Row) => string | undefined;
  /** Inline style of a row (and its card). */
  rowStyle?: (row: Row) => RowStyle | undefined;
}

function defaultRowId(row: unknown): string {
  return String((row as { id?: unknown }).id);
}

/**
 * The Hive grid: AG Grid Community (Quartz theme) on one server page at a time. Sorting and the
 * header / floating filters only ask the server (rows are never sorted or filtered in the browser);
 * the pager offers 20, 40 or 100 rows; the column order and widths are remembered per user.
 * Columns are sized to their content; status and action columns (DataGridColumn.kind) are
 * pinned to the right edge, so they stay in view; at phone width the rows are cards.
 */
export function DataGrid<Row, Page extends GridPage<Row> = GridPage<Row>>({
  gridId,
  label,
  columns,
  query,
  getRowId = defaultRowId,
  emptyText = 'Nothing to show.',
  rowClass,
  rowStyle,
}: DataGridProps<Row, Page>) {
  const user = useCurrentUser();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const box = useRef<HTMLDivElement>(null);
  const storageKey = layoutKey(gridId, user.id);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [filters, setFilters] = useState<Record<string, string>>({});

  // The grid's header and the cards' controls each show their own sort and filters: a change
  // of layout (a phone turned) starts both afresh rather than keep a filter nobody can see.
  const [layout, setLayout] = useState(phone);
  if (layout !== phone) {
    setLayout(phone);
    setSort(undefined);
    setFilters({});
    setPage(1);
  }

  const params: GridQuery = { page, pageSize, sort, filters };
  const result = useQuery({
    ...query(params),
    placeholderData: keepPreviousData,
    meta: { silentErrors: true },
  });

  const columnDefs = useMemo(() => columns.map(toColDef), [columns]);
  const localeText = useMemo(
    () => ({ noRowsToShow: emptyText, noMatchingRows: emptyText }),
    [emptyText],
  );
  const rowId = useCallback((p: GetRowIdParams<Row>) => getRowId(p.data), [getRowId]);
  const getRowClass = useMemo(
    () =>
      rowClass ? (p: RowClassParams<Row>) => (p.data ? rowClass(p.data) : undefined) : undefined,
    [rowClass],
  );
  const getRowStyle = useMemo(
    () =>
      rowStyle ? (p: RowClassParams<Row>) => (p.data ? rowStyle(p.data) : undefined) : undefined,
    [rowStyle],
  );

  // Widths the user chose are kept; otherwise the columns fit their content once it is there.
  const userWidths = useRef(false);
  const fit = useCallback((api: GridApi) => {
    if (userWidths.current || !box.current) return;
    fitColumns(api, box.current.clientWidth - 2);
  }, []);
  const onGridReady = useCallback(
    (e: GridReadyEvent<Row>) => {
      const saved = loadLayout(storageKey);
      const state = saved ? stateFromLayout(saved, columns.map(colIdOf)) : [];
      userWidths.current = state.some((c) => c.width);
      if (state.length) e.api.applyColumnState({ state, applyOrder: true });
      fit(e.api);
    },
    [storageKey, columns, fit],
  );
  const remember = useCallback(
    (e: ColumnMovedEvent<Row> | ColumnResizedEvent<Row>) => {
      // Only the user's own moves and resizes, not the grid's sizing to content.
      if (!e.finished || !e.source.startsWith('ui')) return;
      if (e.type === 'columnResized') userWidths.current = true;
      saveLayout(storageKey, layoutFromState(e.api.getColumnState()));
    },
    [storageKey],
  );
  const onSortChanged = useCallback(
    (e: SortChangedEvent<Row>) => {
      const next = sortFromColumnState(e.api.getColumnState(), columns);
      if (next === sort) return;
      setSort(next);
      setPage(1);
    },
    [columns, sort],
  );
  const onFilterChanged = useCallback(
    (e: FilterChangedEvent<Row>) => {
      const next = filtersFromModel(e.api.getFilterModel(), columns);
      if (sameFilters(filters, next)) return;
      setFilters(next);
      setPage(1);
    },
    [columns, filters],
  );

  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <Stack gap="sm" component="section" aria-label={label}>
      {result.isError && (
        <Alert color="red" title="Could not load the list" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{loadFailureText(result.error)}</Text>
            <Button size="xs" variant="outline" color="red" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {phone && (
        <CardControls
          label={label}
          columns={columns}
          sort={sort}
          filters={filters}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          onFilters={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      )}
      {phone ? (
        <CardList
          label={label}
          columns={columns}
          rows={result.data?.items ?? noRows}
          rowId={getRowId}
          loading={result.isPending || (result.isFetching && result.isPlaceholderData)}
          emptyText={emptyText}
          rowClass={rowClass}
          rowStyle={rowStyle}
        />
      ) : (
        <div ref={box} className={classes.grid} style={{ width: '100%' }}>
          <AgGridReact<Row>
            theme={gridTheme}
            domLayout="autoHeight"
            rowData={result.data?.items ?? noRows}
            columnDefs={columnDefs}
            defaultColDef={defaultColDef}
            getRowId={rowId}
            getRowClass={getRowClass}
            getRowStyle={getRowStyle}
            loading={result.isPending || (result.isFetching && result.isPlaceholderData)}
            localeText={localeText}
            alwaysPassFilter={alwaysPass}
            suppressMultiSort
            animateRows={false}
            enableBrowserTooltips
            // Every column is in the DOM: sizing to content measures them all, and screen
            // readers and searches find a column scrolled out of view (grids have few columns).
            suppressColumnVirtualisation
            // New column objects (a header renamed once the product name loads) keep the order
            // the user dragged and the grid restored, rather than fall back to the definitions'.
            maintainColumnOrder
            onGridReady={onGridReady}
            onFirstDataRendered={(e) => fit(e.api)}
            onGridSizeChanged={(e) => fit(e.api)}
            onColumnMoved={remember}
            onColumnResized={remember}
            onSortChanged={onSortChanged}
            onFilterChanged={onFilterChanged}
          />
        </div>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <PageSizeSelect
            ariaLabel={`${label}: rows per page`}
            sizes={PAGE_SIZES}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
          <Text size="sm" c="dimmed" aria-live="polite" mt="lg">
            {first}–{last} of {total}
          </Text>
        </Group>
        <PageLinks ariaLabel={`${label}: pages`} pages={pages} page={page} onPage={setPage} />
      </Group>
    </Stack>
  );
}
