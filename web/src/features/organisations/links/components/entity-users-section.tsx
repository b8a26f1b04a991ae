import { Paper, Stack, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { canManageEntity } from '@/lib/permissions';
import { entityUserRefsQuery, type UserEntityRef } from '../api/get-user-entity-refs';
import { useDeleteUserEntityRef, useUpdateUserEntityRef } from '../api/user-entity-ref-mutations';
import { type EntityFlag } from '../flags';
import { ENTITY_LINKS } from '../kinds';
import { InviteConnectCreate } from './invite-connect-create';
import { linkedUserColumns, useLinkEditing } from './link-editing';

const entityName = (r: UserEntityRef) => r.entity.name;

const jobTitles: DataGridColumn<UserEntityRef> = {
  colId: 'jobTitles',
  headerName: 'Job titles',
  valueGetter: ({ data }) => (data?.jobTitles ?? []).map((t) => t.name).join(', '),
};

/** 'Connected Users' of an entity: their rights, edit, disconnect; invite, connect or create. */
export function EntityUsersSection({ entityId }: { entityId: number }) {
  const user = useCurrentUser();
  const canManage = canManageEntity(user, entityId);
  const update = useUpdateUserEntityRef();
  const { mutate: disconnect } = useDeleteUserEntityRef();
  const query = useCallback((q: GridQuery) => entityUserRefsQuery(entityId, q), [entityId]);
  const { actions, dialog } = useLinkEditing<UserEntityRef, EntityFlag>({
    flags: ENTITY_LINKS.flags,
    parentName: entityName,
    save: update.mutateAsync,
    disconnect,
  });
  const columns = useMemo<DataGridColumn<UserEntityRef>[]>(
    () => [
      ...linkedUserColumns<UserEntityRef, EntityFlag>(ENTITY_LINKS.flags),
      jobTitles,
      ...(canManage ? [actions] : []),
    ],
    [canManage, actions],
  );

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
      {dialog}
    </Paper>
  );
}
