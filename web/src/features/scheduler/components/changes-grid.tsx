import { useCallback, useMemo } from 'react';
import type { components } from '@/api/schema';
import { DataGrid, type GridQuery, type GridQueryOptions } from '@/ui/data-grid';
import { changesQueryOptions } from '../api/get-booking-changes';
import type { ChangeRow, FilterSet } from '../rules';
import { changeColumns, lateRowClass, lateRowStyle } from './changes-columns';

const rowId = (row: ChangeRow) => String(row.instructionId);
// GET /booking/summary with grouped=false: { items, total }.
type ChangesPage = components['schemas']['BookingSummary'];

interface Props {
  label: string;
  /** A month's placements, or null for every date (the recent changes). */
  range: { startDate: string; endDate: string } | null;
  filters: FilterSet;
  cancelledOnly: boolean;
  admin: boolean;
}

/**
 * One tab of the grid page: a server page of instruction rows at a time, newest change first,
 * in the shared grid (columns sized to content, the status pinned in view, cards on a phone).
 */
export function ChangesGrid({ label, range, filters, cancelledOnly, admin }: Props) {
  const columns = useMemo(() => changeColumns(admin, cancelledOnly), [admin, cancelledOnly]);
  const query = useCallback(
    // The scheduler's query retries through shouldRetry, typed for any error; the grid's
    // options name Error. The options are the same object either way.
    (q: GridQuery) =>
      changesQueryOptions(range, filters, cancelledOnly, q.page, q.pageSize) as GridQueryOptions<
        ChangeRow,
        ChangesPage
      >,
    [range, filters, cancelledOnly],
  );
  return (
    <DataGrid<ChangeRow, ChangesPage>
      // Another month or filter starts again at page 1.
      key={JSON.stringify([range, filters])}
      gridId={`booking-changes-${cancelledOnly ? 'cancelled' : 'all'}${admin ? '-admin' : ''}`}
      label={label}
      columns={columns}
      query={query}
      getRowId={rowId}
      emptyText={cancelledOnly ? 'No cancellations.' : 'No booking changes.'}
      rowClass={lateRowClass}
      rowStyle={lateRowStyle}
    />
  );
}
