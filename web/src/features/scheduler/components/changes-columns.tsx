import { Badge, Group } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { formatDateTime, formatRate, formatTime } from '@/lib/format';
import { sellRateLabel } from '@/lib/rates';
import { colourLabel, mantineColour } from '@/lib/status/status';
import type { DataGridColumn } from '@/ui/data-grid';
import { HoldChip, holdLabel, isLiveHold } from '@/features/bookings';
import type { ChangeRow } from '../rules';

/** The class of a late cancellation's row and card (styled red, see lateRowStyle). */
export const LATE_ROW_CLASS = 'late-cancellation';
export const lateRowClass = (row: ChangeRow) => (row.lateCancellation ? LATE_ROW_CLASS : undefined);
/** A red row needs a light red with dark text to keep its contrast. */
export const lateRowStyle = (row: ChangeRow | undefined) =>
  row?.lateCancellation
    ? { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-black)' }
    : undefined;

/** 'Mon, 05 Jan 2024 09:30' in the browser's zone (spec part 2 §9). */
export const displayDateTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '');

/** '… 09:30–17:00': the placement's start date and time and its end time, local. */
export function periodText(r: ChangeRow): string {
  const [start, end] = r.period ?? [];
  if (!start) return r.date;
  return `${displayDateTime(start)}${end ? `–${formatTime(end)}` : ''}`;
}

/** The status in words: its tooltip, in full when the badge is shortened to fit. */
export const statusText = (r: ChangeRow) =>
  colourLabel[r.colour] +
  (r.lateCancellation ? ' (late cancellation)' : '') +
  (isLiveHold(r) ? `, ${holdLabel(r.holdRank)}` : '');

// The colour's badge may shorten (ellipsis) to fit its column; Late never does.
const mayShorten = { minWidth: 0, maxWidth: '100%' } as const;
const noShrink = { flexShrink: 0 } as const;

function StatusCell({ data }: CustomCellRendererProps<ChangeRow>) {
  if (!data) return null;
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      <Badge color={mantineColour[data.colour]} autoContrast size="sm" tt="none" style={mayShorten}>
        {colourLabel[data.colour]}
      </Badge>
      {data.lateCancellation && (
        <Badge color="red.9" size="sm" tt="none" style={noShrink}>
          Late
        </Badge>
      )}
      <HoldChip instruction={data} withChallenge={false} />
    </Group>
  );
}

/**
 * The grid's columns: buy rate for administrators; cancellation columns on the Cancelled tab.
 * The status stays in view (pinned right); a phone's card is titled by the booking.
 */
export function changeColumns(admin: boolean, cancelled: boolean): DataGridColumn<ChangeRow>[] {
  const cols: DataGridColumn<ChangeRow>[] = [
    { colId: 'bookingId', headerName: 'Booking ID', field: 'bookingId', minWidth: 110 },
    { colId: 'booking', headerName: 'Booking', field: 'bookingTitle', cardTitle: true },
    { colId: 'client', headerName: 'Client', field: 'clientName' },
    { colId: 'department', headerName: 'Department', field: 'departmentName' },
    { colId: 'placement', headerName: 'Placement', field: 'placementTitle' },
    {
      colId: 'date',
      headerName: 'Date/Time',
      valueGetter: (p) => (p.data ? periodText(p.data) : ''),
      minWidth: 190,
    },
    {
      colId: 'freelancer',
      headerName: 'Freelancer',
      valueGetter: (p) => p.data?.fullName || 'No user assigned',
    },
    {
      colId: 'status',
      headerName: 'Status',
      cellRenderer: StatusCell,
      kind: 'status',
      fullText: statusText,
      minWidth: 140,
    },
    {
      colId: 'sellRate',
      headerName: sellRateLabel(admin),
      valueGetter: (p) => formatRate(p.data?.sellRate),
    },
  ];
  if (admin) {
    cols.push({
      colId: 'buyRate',
      headerName: 'Buy Rate',
      valueGetter: (p) => formatRate(p.data?.buyRate),
    });
  }
  cols.push({
    colId: 'modified',
    headerName: 'Modified',
    valueGetter: (p) => displayDateTime(p.data?.modifiedAt),
  });
  if (cancelled) {
    cols.push(
      {
        colId: 'cancelledAt',
        headerName: 'Cancelled At',
        valueGetter: (p) => displayDateTime(p.data?.cancelledAt),
      },
      { colId: 'reason', headerName: 'Reason', field: 'cancellationReason' },
    );
  }
  return cols;
}
