import { Button, Group, Modal, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
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
import { type DepartmentFlag } from '../flags';
import { DEPARTMENT_LINKS } from '../kinds';
import { ConnectUserForm } from './connect-user-form';
import { linkedUserColumns, useLinkEditing } from './link-editing';

const departmentName = (r: UserDepartmentRef) => r.department.name;

/** 'Connected Users' of a department: their rights, edit, disconnect, connect a user. */
export function DepartmentUsersSection({
  departmentId,
  canManage,
}: {
  departmentId: number;
  canManage: boolean;
}) {
  const [connectOpen, connect] = useDisclosure(false);
  const create = useCreateUserDepartmentRef();
  const update = useUpdateUserDepartmentRef();
  const { mutate: disconnect } = useDeleteUserDepartmentRef();
  const query = useCallback(
    (q: GridQuery) => departmentUserRefsQuery(departmentId, q),
    [departmentId],
  );
  const { actions, dialog } = useLinkEditing<
    UserDepartmentRef,
    keyof typeof DEPARTMENT_LINKS.fresh
  >({
    flags: DEPARTMENT_LINKS.flags,
    parentName: departmentName,
    save: update.mutateAsync,
    disconnect,
  });
  const columns = useMemo<DataGridColumn<UserDepartmentRef>[]>(
    () => [
      ...linkedUserColumns<UserDepartmentRef, DepartmentFlag>(DEPARTMENT_LINKS.flags),
      ...(canManage ? [actions] : []),
    ],
    [canManage, actions],
  );

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
        <ConnectUserForm
          kind={DEPARTMENT_LINKS}
          parentId={departmentId}
          searchUsers={searchUsers}
          onCancel={connect.close}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            notify(toasts.userConnected);
            connect.close();
          }}
        />
      </Modal>
      {dialog}
    </Paper>
  );
}
