import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { DataGridColumn } from '@/ui/data-grid';
import type { getDepartments } from '../api/get-departments';

export type DepartmentRow = NonNullable<
  Awaited<ReturnType<typeof getDepartments>>['items']
>[number];

/** The department name as a link to its edit page. */
export function DepartmentLink({ row }: { row: DepartmentRow | undefined }) {
  if (!row) return null;
  return (
    <Anchor component={Link} to={paths.editDepartment(row.id)} size="sm">
      {row.name}
    </Anchor>
  );
}

export const nameColumn: DataGridColumn<DepartmentRow> = {
  field: 'name',
  headerName: 'Name',
  sortable: true,
  filter: { type: 'text' },
  cellRenderer: ({ data }: { data?: DepartmentRow }) => <DepartmentLink row={data} />,
};

export const detailColumns: DataGridColumn<DepartmentRow>[] = [
  { field: 'email', headerName: 'Email' },
  { field: 'timezone', headerName: 'Timezone' },
  { field: 'cancelWindowDays', headerName: 'Cancel window (days)', maxWidth: 200 },
];
