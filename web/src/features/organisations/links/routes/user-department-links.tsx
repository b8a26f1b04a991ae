import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import {
  canManageDepartment,
  canManageEntity,
  canSeeDirectoryLists,
  isAdmin,
  isDepartmentManager,
  managesAnyEntity,
} from '@/lib/permissions';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { MultiRecordPicker } from '@/features/organisations/shared/multi-record-picker';
import { searchDepartments, searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import { userDepartmentRefsQuery, type UserDepartmentRef } from '../api/get-user-department-refs';
import {
  useCreateUserDepartmentRef,
  useDeleteUserDepartmentRef,
  useUpdateUserDepartmentRef,
} from '../api/user-department-ref-mutations';
import { ConnectUserDepartmentForm } from '../components/connect-user-department-form';
import { EditFlagsModal } from '../components/edit-flags-modal';
import { flagFilter, LinkActions, yesNo } from '../components/link-actions';
import { DEPARTMENT_FLAGS } from '../flags';

const nameOf = (r: UserDepartmentRef) => r.user.fullName || r.user.email;
const ids = (o: PickerOption[]) => o.map((x) => Number(x.value));

/** 'All User-Department connections': every user-department link the user may see. */
export function UserDepartmentLinksRoute() {
  const me = useCurrentUser();
  const [connectOpen, connect] = useDisclosure(false);
  const [editing, setEditing] = useState<UserDepartmentRef | null>(null);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const [departments, setDepartments] = useState<PickerOption[]>([]);
  const create = useCreateUserDepartmentRef();
  const update = useUpdateUserDepartmentRef();
  const { mutate: disconnect } = useDeleteUserDepartmentRef();
  const userIds = useMemo(() => ids(users), [users]);
  const departmentIds = useMemo(() => ids(departments), [departments]);
  const query = useCallback(
    (q: GridQuery) => userDepartmentRefsQuery({ ...q, userIds, departmentIds }),
    [userIds, departmentIds],
  );

  const columns = useMemo<DataGridColumn<UserDepartmentRef>[]>(
    () => [
      {
        colId: 'user',
        headerName: 'User',
        sortable: true,
        valueGetter: ({ data }) => (data ? nameOf(data) : ''),
      },
      {
        colId: 'email',
        headerName: 'Email',
        sortable: true,
        valueGetter: ({ data }) => data?.user.email ?? '',
      },
      {
        colId: 'department',
        headerName: 'Department',
        sortable: true,
        valueGetter: ({ data }) => data?.department.name ?? '',
      },
      {
        colId: 'client',
        headerName: 'Client',
        sortable: true,
        valueGetter: ({ data }) => data?.department.clientName ?? '',
      },
      ...DEPARTMENT_FLAGS.map((f) => ({
        field: f.key,
        headerName: f.label,
        valueFormatter: yesNo,
        filter: flagFilter,
        maxWidth: 150,
      })),
      {
        colId: 'actions',
        headerName: 'Actions',
        minWidth: 190,
        cellRenderer: ({ data }: { data?: UserDepartmentRef }) =>
          data &&
          (canManageDepartment(me, data.departmentId) ||
            canManageEntity(me, data.department.clientId)) ? (
            <LinkActions
              name={`${nameOf(data)} in ${data.department.name}`}
              onEdit={() => setEditing(data)}
              onDisconnect={() =>
                modals.openConfirmModal({
                  closeButtonProps: { 'aria-label': 'Close' },
                  title: 'Disconnect user',
                  children: (
                    <Text size="sm">
                      Disconnect {nameOf(data)} from {data.department.name}?
                    </Text>
                  ),
                  labels: { confirm: 'Disconnect', cancel: 'Cancel' },
                  confirmProps: { color: 'red.9' },
                  onConfirm: () =>
                    disconnect(data.id, { onSuccess: () => notify(toasts.userDisconnected) }),
                })
              }
            />
          ) : null,
      },
    ],
    [me, disconnect],
  );

  if (!canSeeDirectoryLists(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <Stack gap="md">
      <PageHeader title="All User-Department connections">
        {(managesAnyEntity(me) || isDepartmentManager(me)) && (
          <Button onClick={connect.open}>Connect user</Button>
        )}
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isAdmin(me) && (
          <MultiRecordPicker
            kind="user"
            label="Users"
            placeholder="Filter by user"
            search={searchUsers}
            value={users}
            onChange={setUsers}
            clearable
          />
        )}
        <MultiRecordPicker
          kind="department"
          label="Departments"
          placeholder="Filter by department"
          search={searchDepartments}
          value={departments}
          onChange={setDepartments}
          clearable
        />
      </SimpleGrid>
      <DataGrid
        gridId="user-department-links"
        label="All User-Department connections"
        columns={columns}
        query={query}
        emptyText="No connections to show."
      />
      <Modal opened={connectOpen} onClose={connect.close} title="Connect a user to a department">
        <ConnectUserDepartmentForm
          searchUsers={searchUsers}
          searchDepartments={searchDepartments}
          onCancel={connect.close}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            notify(toasts.userConnected);
            connect.close();
          }}
        />
      </Modal>
      {editing && (
        <EditFlagsModal
          subject={`${nameOf(editing)} in ${editing.department.name}`}
          flags={DEPARTMENT_FLAGS}
          initial={{
            canHire: editing.canHire,
            canManage: editing.canManage,
            canSelect: editing.canSelect,
          }}
          onClose={() => setEditing(null)}
          onSave={async (flags) => {
            await update.mutateAsync({ id: editing.id, version: editing.version, ...flags });
            notify(toasts.connectionSaved);
          }}
        />
      )}
    </Stack>
  );
}

export { UserDepartmentLinksRoute as Component };
