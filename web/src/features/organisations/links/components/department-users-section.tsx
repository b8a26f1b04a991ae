import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { searchUsers } from '@/lib/pickers';
import { departmentUserRefsQuery, type UserDepartmentRef } from '../api/get-user-department-refs';
import {
  useCreateUserDepartmentRef,
  useDeleteUserDepartmentRef,
  useUpdateUserDepartmentRef,
} from '../api/user-department-ref-mutations';
import { DEPARTMENT_FLAGS } from '../flags';
import { ConnectUserDepartmentForm } from './connect-user-department-form';
import { EditFlagsModal } from './edit-flags-modal';
import { LinkActions, yesNo } from './link-actions';

const nameOf = (r: UserDepartmentRef) => r.user.fullName || r.user.email;

/** 'Connected Users' of a department: their rights, edit, disconnect, connect a user. */
export function DepartmentUsersSection({
  departmentId,
  canManage,
}: {
  departmentId: number;
  canManage: boolean;
}) {
  const [connectOpen, connect] = useDisclosure(false);
  const [editing, setEditing] = useState<UserDepartmentRef | null>(null);
  const create = useCreateUserDepartmentRef();
  const update = useUpdateUserDepartmentRef();
  const { mutate: disconnect } = useDeleteUserDepartmentRef();
  const query = useCallback(
    (q: GridQuery) => departmentUserRefsQuery(departmentId, q),
    [departmentId],
  );

  const columns = useMemo<DataGridColumn<UserDepartmentRef>[]>(() => {
    const base: DataGridColumn<UserDepartmentRef>[] = [
      { colId: 'user', headerName: 'Name', valueGetter: ({ data }) => (data ? nameOf(data) : '') },
      { colId: 'email', headerName: 'Email', valueGetter: ({ data }) => data?.user.email ?? '' },
      ...DEPARTMENT_FLAGS.map((f) => ({
        field: f.key,
        headerName: f.label,
        valueFormatter: yesNo,
        maxWidth: 130,
      })),
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        colId: 'actions',
        headerName: 'Actions',
        minWidth: 190,
        cellRenderer: ({ data }: { data?: UserDepartmentRef }) =>
          data ? (
            <LinkActions
              name={nameOf(data)}
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
    ];
  }, [canManage, disconnect]);

  const titleId = `department-${departmentId}-users`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            Connected Users
          </Title>
          {canManage && (
            <Button size="xs" onClick={connect.open}>
              Connect user
            </Button>
          )}
        </Group>
        <DataGrid
          gridId="department-users"
          label="Users connected to this department"
          columns={columns}
          query={query}
          emptyText="No users are connected to this department."
        />
      </Stack>
      <Modal opened={connectOpen} onClose={connect.close} title="Connect a user to this department">
        <ConnectUserDepartmentForm
          departmentId={departmentId}
          searchUsers={searchUsers}
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
    </Paper>
  );
}
