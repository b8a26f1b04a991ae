import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { canSeeDirectoryLists, isAdmin, isClientManager } from '@/lib/permissions';
import { paths } from '@/lib/paths';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import { searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import { departmentsQuery } from '../api/get-departments';
import { CreateDepartmentModal } from '../components/create-department-modal';
import { detailColumns, nameColumn, type DepartmentRow } from '../components/department-columns';

const columns: DataGridColumn<DepartmentRow>[] = [
  nameColumn,
  {
    colId: 'client',
    headerName: 'Client',
    sortable: true,
    valueGetter: ({ data }) => data?.client?.name ?? '',
  },
  ...detailColumns,
];

/** 'All Departments': the departments the user may see, optionally of selected users. */
export function DepartmentsRoute() {
  const user = useCurrentUser();
  const [opened, modal] = useDisclosure(false);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const userIds = useMemo(() => users.map((u) => Number(u.value)), [users]);
  const query = useCallback((q: GridQuery) => departmentsQuery({ ...q, userIds }), [userIds]);
  // Creating needs a client to manage; the server checks the client picked.
  const canCreate = isAdmin(user) || isClientManager(user);
  if (!canSeeDirectoryLists(user)) return <Navigate to={paths.bookings} replace />;

  return (
    <Stack gap="md">
      <PageHeader title="All Departments">
        {canCreate && <Button onClick={modal.open}>Create department</Button>}
      </PageHeader>
      {isAdmin(user) && (
        <Group>
          <MultiRecordPicker
            kind="user"
            label="Users"
            placeholder="Departments of these users"
            search={searchUsers}
            value={users}
            w={{ base: '100%', sm: 480 }}
            clearable
            onChange={(next) => {
              if (next.length > 0 && next.length > users.length) notify(toasts.departmentsOfUsers);
              setUsers(next);
            }}
          />
        </Group>
      )}
      <DataGrid
        gridId="departments"
        label="All Departments"
        columns={columns}
        query={query}
        emptyText="No departments to show."
      />
      <CreateDepartmentModal opened={opened} onClose={modal.close} openAfterCreate />
    </Stack>
  );
}

export { DepartmentsRoute as Component };
