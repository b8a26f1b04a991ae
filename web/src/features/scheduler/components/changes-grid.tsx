import { Alert, Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type RowClassParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useState } from 'react';
import { changesQueryOptions, type ChangeRow } from '../api';
import type { FilterSet } from '../filters';
import { changeColumns, lateRowClassRules, lateRowStyle } from './changes-columns';

ModuleRegistry.registerModules([AllCommunityModule]);

const theme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600 });
// Wide enough to read: on a narrow screen the grid scrolls sideways rather than truncating.
const defaultColDef = { resizable: true, minWidth: 130, flex: 1, sortable: false };
const PAGE_SIZES = ['20', '50', '100'];
const noRows: ChangeRow[] = [];
const rowId = (p: { data: ChangeRow }) => String(p.data.instructionId);
const rowStyle = (p: RowClassParams<ChangeRow>) => lateRowStyle(p.data);

interface Props {
  label: string;
  range: { startDate: string; endDate: string };
  filters: FilterSet;
  cancelledOnly: boolean;
  admin: boolean;
}

/** One tab of the grid page: a server page of instruction rows at a time, newest change first. */
export function ChangesGrid({ label, range, filters, cancelledOnly, admin }: Props) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery(changesQueryOptions(range, filters, cancelledOnly, page, pageSize));
  const columnDefs = useMemo(() => changeColumns(admin, cancelledOnly), [admin, cancelledOnly]);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="sm" component="section" aria-label={label}>
      {query.isError && (
        <Alert color="red" title="Could not load the list" role="alert">
          <Button size="xs" variant="outline" color="red" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      <div style={{ width: '100%' }}>
        <AgGridReact<ChangeRow>
          theme={theme}
          domLayout="autoHeight"
          rowData={query.data?.items ?? noRows}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={rowId}
          rowClassRules={lateRowClassRules}
          getRowStyle={rowStyle}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          localeText={{ noRowsToShow: cancelledOnly ? 'No cancellations.' : 'No booking changes.' }}
          animateRows={false}
        />
      </div>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Select
          label="Rows per page"
          aria-label={`${label}: rows per page`}
          size="xs"
          w={120}
          allowDeselect={false}
          data={PAGE_SIZES}
          value={String(pageSize)}
          onChange={(v) => {
            setPageSize(Number(v ?? 20));
            setPage(1);
          }}
        />
        <Text size="sm" aria-live="polite">
          {total === 0
            ? 'No rows'
            : `${(page - 1) * pageSize + 1}–${Math.min(total, page * pageSize)} of ${total}`}
        </Text>
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(c) => ({ 'aria-label': `${label}: ${c} page` })}
        />
      </Group>
    </Stack>
  );
}
