import { Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { canManageEntity } from '@/lib/permissions';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { entityUserRefsQuery, type UserEntityRef } from '../api/get-user-entity-refs';
import { useDeleteUserEntityRef, useUpdateUserEntityRef } from '../api/user-entity-ref-mutations';
import { ENTITY_FLAGS } from '../flags';
import { EditFlagsModal } from './edit-flags-modal';
import { InviteConnectCreate } from './invite-connect-create';
import { LinkActions, yesNo } from './link-actions';

const nameOf = (r: UserEntityRef) => r.user.fullName || r.user.email;

/** 'Connected Users' of an entity: their rights, edit, disconnect; invite, connect or create. */
export function EntityUsersSection({ entityId }: { entityId: number }) {
  const user = useCurrentUser();
  const canManage = canManageEntity(user, entityId);
  const [editing, setEditing] = useState<UserEntityRef | null>(null);
  const update = useUpdateUserEntityRef();
  const { mutate: disconnect } = useDeleteUserEntityRef();
  const query = useCallback((q: GridQuery) => entityUserRefsQuery(entityId, q), [entityId]);

  const columns = useMemo<DataGridColumn<UserEntityRef>[]>(() => {
    const base: DataGridColumn<UserEntityRef>[] = [
      { colId: 'user', headerName: 'Name', valueGetter: ({ data }) => (data ? nameOf(data) : '') },
      { colId: 'email', headerName: 'Email', valueGetter: ({ data }) => data?.user.email ?? '' },
      ...ENTITY_FLAGS.map((f) => ({
        field: f.key,
        headerName: f.label,
        valueFormatter: yesNo,
        maxWidth: 130,
      })),
      {
        colId: 'jobTitles',
        headerName: 'Job titles',
        valueGetter: ({ data }) => (data?.jobTitles ?? []).map((t) => t.name).join(', '),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        colId: 'actions',
        headerName: 'Actions',
        minWidth: 190,
        cellRenderer: ({ data }: { data?: UserEntityRef }) =>
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
    ];
  }, [canManage, disconnect]);

  const titleId = `entity-${entityId}-users`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Connected Users
        </Title>
        <DataGrid
          gridId="entity-users"
          label="Users connected to this entity"
          columns={columns}
          query={query}
          emptyText="No users are connected to this entity."
        />
        {canManage && (
          <>
            <Title order={3} size="h5" mt="sm">
              Invite, Connect or Create a User
            </Title>
            <InviteConnectCreate entityId={entityId} />
          </>
        )}
      </Stack>
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
    </Paper>
  );
}
