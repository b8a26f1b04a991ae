import { Badge, Button, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMoon } from '@tabler/icons-react';
import {
  type ColDef,
  type ColumnResizedEvent,
  type FirstDataRenderedEvent,
  type GetRowIdParams,
  type GridApi,
  type RowClassParams,
  type SelectionChangedEvent,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { useCallback, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { rowKey, type Placement, type PlacementRow } from '../rules';
import { countOf, formatDate, formatRate } from '@/lib/format';
import { sellRateLabel } from '@/lib/rates';
import { fitColumns, gridTheme } from '@/ui/data-grid';
import { colourLabel, colourOf, mantineColour, statusSummary } from '@/lib/status/status';
import { SubstitutedName } from '@/ui/substituted-name';
import { HoldChip } from '@/features/bookings/holds/components/hold-chip';
import { waitedFor } from '@/features/bookings/instructions/rules';

// The Hive DataGrid's look and column sizing (web/src/ui/data-grid, fitColumns: each column as
// wide as its content and header, at least its minWidth, widened to fill the grid when there is
// room), whose rows come a server page at a time; this grid holds one booking's rows in the
// browser and selects them.
const defaultColDef = { resizable: true, minWidth: 90, sortable: false };
const rowSelection = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
} as const;
// The checkboxes stay in view while a phone scrolls the other columns.
const selectionColumnDef = { pinned: 'left' } as const;

// The grid's height is set, not measured: AG Grid's autoHeight layout leaves no room for a
// horizontal scrollbar it takes for an overlay one (Chromium), which then hid the last row.
// Header, rows and a scrollbar's allowance; past MAX_ROWS it scrolls.
const ROW_HEIGHT = 42;
const HEADER_HEIGHT = 48;
const SCROLLBAR = 18;
const MAX_ROWS = 12;
export const gridHeight = (rows: number) =>
  HEADER_HEIGHT + Math.min(Math.max(rows, 1), MAX_ROWS) * ROW_HEIGHT + SCROLLBAR + 2;

// A status badge shows its whole text ('Awaiting response / Awaiting response'); Mantine's
// badge would cut it with an ellipsis.
const badgeStyles = { label: { overflow: 'visible', textOverflow: 'clip' } } as const;
// On a phone the badge may wrap rather than run out of its cell.
const wrappingBadgeStyles = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/** Local start and end (HH:mm) in the department's zone: the wall-clock part of localPeriod. */
export function localTimes(p: Placement): { start: string; end: string } {
  const clock = (s: string | undefined, fallback: string) =>
    s && s.length >= 16 ? s.slice(11, 16) : fallback.slice(0, 5);
  return {
    start: clock(p.localPeriod?.start, p.startTime),
    end: clock(p.localPeriod?.end, p.endTime),
  };
}

export const userName = (r: PlacementRow) => r.instruction?.fullName ?? 'No user assigned';

function TimeCell({ data }: CustomCellRendererProps<PlacementRow>) {
  if (!data) return null;
  const { start, end } = localTimes(data.placement);
  return (
    <Group gap={4} wrap="nowrap">
      <span>
        {start}–{end}
      </span>
      {data.placement.overnight && (
        <IconMoon size={14} role="img" aria-label="Overnight" style={{ flex: 'none' }} />
      )}
    </Group>
  );
}

/** A row's person, struck through and labelled when substituted. */
function UserCell({ data }: CustomCellRendererProps<PlacementRow>) {
  if (!data) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <SubstitutedName name={userName(data)} substituted={data.display?.substituted ?? false} />
    </Group>
  );
}

/** The placement's colour by the placement group display rule, as a small labelled badge. */
function GroupBadge({ data }: { data: PlacementRow }) {
  const group = data.display?.group;
  if (!group || data.placement.deletedAt) return null;
  return (
    <Badge
      color={mantineColour[group]}
      variant="filled"
      autoContrast
      size="xs"
      tt="none"
      ml={6}
      data-colour={group}
      aria-label={`Placement: ${colourLabel[group]}`}
    >
      {colourLabel[group]}
    </Badge>
  );
}

function TitleCell({
  data,
  compact,
}: CustomCellRendererProps<PlacementRow> & { compact?: boolean }) {
  if (!data) return null;
  const p = data.placement;
  return (
    <span>
      {p.title}
      {!compact && <GroupBadge data={data} />}
      {p.deletedAt && (
        <Text span size="xs" c="dimmed">
          {' '}
          (cancelled{p.cancellationReason ? `: ${p.cancellationReason}` : ''})
        </Text>
      )}
    </span>
  );
}

function StatusCell({ data, wrap }: CustomCellRendererProps<PlacementRow> & { wrap?: boolean }) {
  if (!data) return null;
  const i = data.instruction;
  if (!i) {
    return (
      <Text size="sm" c="dimmed" span>
        {data.placement.deletedAt ? 'Cancelled' : 'Not instructed'}
      </Text>
    );
  }
  const colour = colourOf({ ...i, deleted: Boolean(i.deletedAt) });
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      <Badge
        color={mantineColour[colour]}
        variant="filled"
        autoContrast
        tt="none"
        styles={wrap ? wrappingBadgeStyles : badgeStyles}
      >
        {statusSummary(i)}
      </Badge>
      <HoldChip instruction={i} withChallenge={false} />
      {i.changeToAcknowledge && (
        <Badge
          color="yellow"
          variant="filled"
          autoContrast
          tt="none"
          styles={wrap ? wrappingBadgeStyles : badgeStyles}
        >
          Change not acknowledged · {waitedFor(i.changeToAcknowledge.since, new Date())}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A row on a phone: date and time, title, user, status and rate stacked in one cell, so nothing
 * that matters sits off-screen behind a horizontal scroll.
 */
function CompactCell(
  props: CustomCellRendererProps<PlacementRow> & {
    isAdmin: boolean;
    onShowVersions: (placement: Placement) => void;
  },
) {
  const { data, isAdmin, onShowVersions } = props;
  if (!data) return null;
  const { start, end } = localTimes(data.placement);
  return (
    <Stack gap={2} py={6} style={{ lineHeight: 1.35, whiteSpace: 'normal' }}>
      <Text size="sm" fw={600}>
        {formatDate(data.placement.date)}
      </Text>
      <Text size="sm">
        {start}–{end} · <TitleCell {...props} compact />
      </Text>
      <Group gap={4} wrap="wrap">
        <SubstitutedName
          name={userName(data)}
          substituted={data.display?.substituted ?? false}
          size="sm"
        />
      </Group>
      <div>
        <StatusCell {...props} wrap />
      </div>
      <Group gap="xs" wrap="wrap">
        {data.instruction && (
          <Text size="xs" c="dimmed">
            {sellRateLabel(isAdmin)}: {formatRate(data.instruction.sellRate)}
          </Text>
        )}
        <VersionsButton placement={data.placement} onShow={onShowVersions} />
      </Group>
    </Stack>
  );
}

function VersionsButton({
  placement,
  onShow,
}: {
  placement: Placement;
  onShow: (placement: Placement) => void;
}) {
  const n = placement.version?.length ?? 0;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      disabled={n === 0}
      aria-label={`Versions of ${placement.title} on ${formatDate(placement.date)}`}
      onClick={() => onShow(placement)}
    >
      {countOf(n, 'version')}
    </Button>
  );
}

export interface PlacementsGridHandle {
  clearSelection: () => void;
}

interface Props {
  rows: PlacementRow[];
  isAdmin: boolean;
  onSelectionChange: (rows: PlacementRow[]) => void;
  /** Rows of this placement are selected and highlighted on first show (?placementId=). */
  highlightPlacementId?: number;
  onShowVersions: (placement: Placement) => void;
  ref?: Ref<PlacementsGridHandle>;
}

/**
 * The Placements section's grid: one row per instruction and one per placement without any
 * ('No user assigned'); times in the department's zone; the combined status colour; the sell rate
 * labelled by the viewer's rights and the buy rate for administrators only.
 */
export function PlacementsGrid({
  rows,
  isAdmin,
  onSelectionChange,
  highlightPlacementId,
  onShowVersions,
  ref,
}: Props) {
  const apiRef = useRef<GridApi<PlacementRow> | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Widths the user dragged are kept; otherwise the columns fit their content as rows change.
  const userWidths = useRef(false);
  const fit = useCallback((api: GridApi<PlacementRow>) => {
    if (userWidths.current || !box.current) return;
    fitColumns(api, box.current.clientWidth - 2);
  }, []);
  const onColumnResized = useCallback((e: ColumnResizedEvent<PlacementRow>) => {
    if (e.finished && e.source.startsWith('ui')) userWidths.current = true;
  }, []);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
  useImperativeHandle(ref, () => ({ clearSelection: () => apiRef.current?.deselectAll() }), []);

  const columns = useMemo<ColDef<PlacementRow>[]>(() => {
    if (phone) {
      return [
        {
          colId: 'placement',
          headerName: 'Placement',
          minWidth: 200,
          flex: 1,
          // One column never scrolls sideways, so the grid may size itself to its rows.
          autoHeight: true,
          cellRenderer: CompactCell,
          cellRendererParams: { isAdmin, onShowVersions },
        },
      ];
    }
    // The user and their status, the columns that matter, come right after the date, so a
    // phone shows them before it scrolls.
    const cols: ColDef<PlacementRow>[] = [
      {
        colId: 'date',
        headerName: 'Date',
        minWidth: 170,
        valueGetter: (p) => p.data?.placement.date,
        valueFormatter: (p) => (p.value ? formatDate(String(p.value)) : ''),
      },
      {
        colId: 'user',
        headerName: 'User',
        // Room for a struck-through name and its 'Substituted' label.
        minWidth: 240,
        valueGetter: (p) => (p.data ? userName(p.data) : ''),
        cellRenderer: UserCell,
      },
      {
        colId: 'status',
        headerName: 'Status (supplier / client)',
        // The longest summary, 'Awaiting response / Awaiting response', in full.
        minWidth: 330,
        cellRenderer: StatusCell,
      },
      { colId: 'title', headerName: 'Title', minWidth: 170, cellRenderer: TitleCell },
      { colId: 'time', headerName: 'Time', minWidth: 120, cellRenderer: TimeCell },
      {
        colId: 'sellRate',
        headerName: sellRateLabel(isAdmin),
        minWidth: 150,
        valueGetter: (p) => formatRate(p.data?.instruction?.sellRate),
      },
    ];
    if (isAdmin) {
      cols.push({
        colId: 'buyRate',
        headerName: 'Buy Rate',
        minWidth: 130,
        valueGetter: (p) => formatRate(p.data?.instruction?.buyRate),
      });
    }
    cols.push({
      colId: 'versions',
      headerName: 'Versions',
      minWidth: 120,
      cellRenderer: ({ data }: CustomCellRendererProps<PlacementRow>) =>
        data ? <VersionsButton placement={data.placement} onShow={onShowVersions} /> : null,
    });
    return cols;
  }, [isAdmin, onShowVersions, phone]);

  const getRowId = useCallback((p: GetRowIdParams<PlacementRow>) => rowKey(p.data), []);
  const getRowStyle = useCallback(
    (p: RowClassParams<PlacementRow>) =>
      highlightPlacementId && p.data?.placement.id === highlightPlacementId
        ? { background: 'var(--mantine-color-yellow-light)' }
        : undefined,
    [highlightPlacementId],
  );
  const onFirstDataRendered = useCallback(
    (e: FirstDataRenderedEvent<PlacementRow>) => {
      apiRef.current = e.api;
      if (!phone) fit(e.api);
      if (!highlightPlacementId) return;
      const nodes: Parameters<typeof e.api.setNodesSelected>[0]['nodes'] = [];
      e.api.forEachNode((n) => {
        if (n.data?.placement.id === highlightPlacementId) nodes.push(n);
      });
      const first = nodes[0];
      if (!first) return;
      e.api.setNodesSelected({ nodes, newValue: true });
      e.api.ensureNodeVisible(first, 'middle');
    },
    [highlightPlacementId, phone, fit],
  );
  const onSelectionChanged = useCallback(
    (e: SelectionChangedEvent<PlacementRow>) => onSelectionChange(e.api.getSelectedRows()),
    [onSelectionChange],
  );

  return (
    <div ref={box} style={{ width: '100%', height: phone ? undefined : gridHeight(rows.length) }}>
      <AgGridReact<PlacementRow>
        theme={gridTheme}
        domLayout={phone ? 'autoHeight' : 'normal'}
        rowHeight={phone ? undefined : ROW_HEIGHT}
        headerHeight={HEADER_HEIGHT}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        getRowStyle={getRowStyle}
        rowSelection={rowSelection}
        selectionColumnDef={selectionColumnDef}
        onGridReady={(e) => {
          apiRef.current = e.api;
        }}
        onFirstDataRendered={onFirstDataRendered}
        onSelectionChanged={onSelectionChanged}
        // A phone's one column fills the grid; elsewhere the columns fit their content.
        onRowDataUpdated={(e) => !phone && fit(e.api)}
        onGridSizeChanged={(e) => !phone && fit(e.api)}
        onColumnResized={onColumnResized}
        suppressMovableColumns
        // One booking's rows: every column stays in the page, for screen readers and narrow screens.
        suppressColumnVirtualisation
        animateRows={false}
      />
    </div>
  );
}
