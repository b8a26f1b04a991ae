import type { ColDef, ColumnState, FilterModel } from 'ag-grid-community';

/** Page sizes the grids offer (spec: 20, 40, 100; default 20). */
export const PAGE_SIZES = [20, 40, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/**
 * What a grid asks the server for: the house list parameters. `sort` is a field name, `-` prefixed
 * for descending; `filters` maps each server filter name to its value (text contains, or the chosen
 * value of a set filter). Spread `filters` into the query string of the list operation.
 */
export interface GridQuery {
  page: number;
  pageSize: number;
  sort?: string;
  filters: Record<string, string>;
}

/**
 * One page of a list operation: `{items, total}` (a generated schema may type them nullable or
 * optional, as for an operation that answers in more than one shape; absent reads as none).
 */
export interface GridPage<Row> {
  items?: Row[] | null;
  total?: number;
}

/** A header filter: case-insensitive "contains" text, or one value out of a set. */
export type GridFilter =
  { type: 'text' } | { type: 'set'; options: { value: string; label: string }[] };

/**
 * A column: AG Grid's ColDef (header, cell renderer, width...) without its own filter and sort
 * settings, plus the server-side ones. `sortable` and `filter` default to off; `serverName` is the
 * name used for `sort` and as the filter parameter (default: `field`, else `colId`).
 */
export type DataGridColumn<Row> = Omit<
  ColDef<Row>,
  'filter' | 'filterParams' | 'floatingFilter' | 'sortable' | 'comparator'
> & {
  sortable?: boolean;
  filter?: GridFilter;
  serverName?: string;
  /**
   * A column that must stay in view: 'status' and 'actions' are pinned to the grid's right edge
   * (the other columns scroll beneath them) and cannot be moved away; on a phone's card the
   * status sits beside the card's title and the actions at its foot.
   */
  kind?: ColumnKind;
  /** The full text of a cell that may be shown shortened (a long status): its tooltip. */
  fullText?: (row: Row) => string;
  /** This column's cell is the title of a phone's card (default: the first other column). */
  cardTitle?: boolean;
};

/** The choices of a set filter: each value with its label. */
export const labelledOptions = (values: readonly string[], labelOf: (value: string) => string) =>
  values.map((value) => ({ value, label: labelOf(value) }));

/**
 * The filter and cell text of a column whose values come from a closed set, each shown by its
 * label: the filter offers the labels and the cells show them, from one labelling.
 */
export function labelledSet<Row>(
  values: readonly string[],
  labelOf: (value: string) => string,
): Pick<DataGridColumn<Row>, 'filter' | 'valueFormatter'> {
  return {
    filter: { type: 'set', options: labelledOptions(values, labelOf) },
    valueFormatter: (p) => labelOf(String(p.value ?? '')),
  };
}

/** Columns that stay in view (see DataGridColumn.kind). */
export type ColumnKind = 'status' | 'actions';

/** The server name of a column (for sort and filters). */
export function serverNameOf<Row>(column: DataGridColumn<Row>): string {
  return column.serverName ?? (column.field as string | undefined) ?? column.colId ?? '';
}

/** The grid's column id of a column (what AG Grid reports in column state and filter models). */
export function colIdOf<Row>(column: DataGridColumn<Row>): string {
  return column.colId ?? (column.field as string | undefined) ?? '';
}

/** The `sort` parameter from AG Grid's column state: the first sorted column, `-` for descending. */
export function sortFromColumnState<Row>(
  state: readonly Pick<ColumnState, 'colId' | 'sort' | 'sortIndex'>[],
  columns: readonly DataGridColumn<Row>[],
): string | undefined {
  const sorted = state
    .filter((s) => s.sort === 'asc' || s.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  for (const s of sorted) {
    const column = columns.find((c) => colIdOf(c) === s.colId && c.sortable);
    if (column) return (s.sort === 'desc' ? '-' : '') + serverNameOf(column);
  }
  return undefined;
}

/** Server filters from AG Grid's filter model (text "contains" values and chosen set values). */
export function filtersFromModel<Row>(
  model: FilterModel | null | undefined,
  columns: readonly DataGridColumn<Row>[],
): Record<string, string> {
  const filters: Record<string, string> = {};
  if (!model) return filters;
  for (const column of columns) {
    if (!column.filter) continue;
    const entry = model[colIdOf(column)] as { type?: string; filter?: unknown } | undefined;
    if (!entry) continue;
    if (column.filter.type === 'text') {
      const text = typeof entry.filter === 'string' ? entry.filter.trim() : '';
      if (text) filters[serverNameOf(column)] = text;
    } else if (entry.type && column.filter.options.some((o) => setKey(o.value) === entry.type)) {
      filters[serverNameOf(column)] = entry.type.slice(SET_PREFIX.length);
    }
  }
  return filters;
}

// Set values become custom text-filter options (Community has no set filter); their keys carry a
// prefix so they never clash with AG Grid's own option keys.
const SET_PREFIX = 'set:';
export const setKey = (value: string) => SET_PREFIX + value;

/** AG Grid's ColDef for a column: filters and sorting that only ask the server. */
export function toColDef<Row>(column: DataGridColumn<Row>): ColDef<Row> {
  const { filter, sortable, kind, fullText, ...rest } = column;
  // serverName and cardTitle are the grid's own; the rest is AG Grid's.
  delete (rest as { serverName?: string }).serverName;
  delete (rest as { cardTitle?: boolean }).cardTitle;
  const def: ColDef<Row> = {
    ...rest,
    sortable: !!sortable,
    // The server has sorted the page already: keep its order.
    comparator: () => 0,
  };
  if (kind) {
    Object.assign(def, {
      pinned: 'right',
      lockPinned: true,
      lockPosition: 'right',
      suppressMovable: true,
    } satisfies ColDef<Row>);
  }
  if (fullText) def.tooltipValueGetter = (p) => (p.data ? fullText(p.data) : undefined);
  if (filter?.type === 'text') {
    def.filter = 'agTextColumnFilter';
    def.floatingFilter = true;
    def.filterParams = { filterOptions: ['contains'], maxNumConditions: 1, debounceMs: 400 };
  } else if (filter?.type === 'set') {
    def.filter = 'agTextColumnFilter';
    def.floatingFilter = true;
    def.filterParams = {
      filterOptions: [
        'empty',
        ...filter.options.map((o) => ({
          displayKey: setKey(o.value),
          displayName: o.label,
          numberOfInputs: 0,
          predicate: () => true,
        })),
      ],
      maxNumConditions: 1,
      buttons: ['reset'],
    };
  }
  return def;
}
