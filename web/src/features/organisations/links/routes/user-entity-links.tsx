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
  canManageEntity,
  canSeeDirectoryLists,
  isAdmin,
  managesAnyEntity,
} from '@/lib/permissions';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { MultiRecordPicker } from '@/features/organisations/shared/multi-record-picker';
import { searchEntities, searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import { userEntityRefsQuery, type UserEntityRef } from '../api/get-user-entity-refs';
import {
  useCreateUserEntityRef,
  useDeleteUserEntityRef,
  useUpdateUserEntityRef,
} from '../api/user-entity-ref-mutations';
import { ConnectUserEntityForm } from '../components/connect-user-entity-form';
import { EditFlagsModal } from '../components/edit-flags-modal';
import { flagFilter, LinkActions, yesNo } from '../components/link-actions';
import { ENTITY_FLAGS } from '../flags';

const nameOf = (r: UserEntityRef) => r.user.fullName || r.user.email;
const ids = (o: PickerOption[]) => o.map((x) => Number(x.value));

/** 'All User-Entity connections': every user-entity link the user may see. */
export function UserEntityLinksRoute() {
  const me = useCurrentUser();
  const [connectOpen, connect] = useDisclosure(false);
  const [editing, setEditing] = useState<UserEntityRef | null>(null);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const [entities, setEntities] = useState<PickerOption[]>([]);
  const create = useCreateUserEntityRef();
  const update = useUpdateUserEntityRef();
  const { mutate: disconnect } = useDeleteUserEntityRef();
  const userIds = useMemo(() => ids(users), [users]);
  const entityIds = useMemo(() => ids(entities), [entities]);
  const query = useCallback(
    (q: GridQuery) => userEntityRefsQuery({ ...q, userIds, entityIds }),
    [userIds, entityIds],
  );

  const columns = useMemo<DataGridColumn<UserEntityRef>[]>(
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
        colId: 'entity',
        headerName: 'Entity',
        sortable: true,
        valueGetter: ({ data }) => data?.entity.name ?? '',
      },
      ...ENTITY_FLAGS.map((f) => ({
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
        cellRenderer: ({ data }: { data?: UserEntityRef }) =>
          data && canManageEntity(me, data.entityId) ? (
            <LinkActions
              name={`${nameOf(data)} in ${data.entity.name}`}
              onEdit={() => setEditing(data)}
              onDisconnect={() =>
                modals.openConfirmModal({
                  closeButtonProps: { 'aria-label': 'Close' },
                  title: 'Disconnect user',
                  children: (
                    <Text size="sm">
                      Disconnect {nameOf(data)} from {data.entity.name}?
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
      <PageHeader title="All User-Entity connections">
        {managesAnyEntity(me) && <Button onClick={connect.open}>Connect user</Button>}
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
          kind="entity"
          label="Entities"
          placeholder="Filter by entity"
          search={searchEntities}
          value={entities}
          onChange={setEntities}
          clearable
        />
      </SimpleGrid>
      <DataGrid
        gridId="user-entity-links"
        label="All User-Entity connections"
        columns={columns}
        query={query}
        emptyText="No connections to show."
      />
      <Modal opened={connectOpen} onClose={connect.close} title="Connect a user to an entity">
        <ConnectUserEntityForm
          searchUsers={searchUsers}
          searchEntities={searchEntities}
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
          subject={`${nameOf(editing)} in ${editing.entity.name}`}
          flags={ENTITY_FLAGS}
          initial={{
            canExternal: editing.canExternal,
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

export { UserEntityLinksRoute as Component };
