import { Title } from '@mantine/core';
import { useCurrentUser } from '@/lib/current-user';
import { canManageEntity } from '@/lib/permissions';
import type { DataGridColumn } from '@/ui/data-grid';
import type { UserEntityRef } from '../api/user-link-routes';
import { ENTITY_LINKS } from '../rules';
import { ConnectedUsersSection } from './connected-users-section';
import { InviteConnectCreate } from './invite-connect-create';

const jobTitles: DataGridColumn<UserEntityRef>[] = [
  {
    colId: 'jobTitles',
    headerName: 'Job titles',
    valueGetter: ({ data }) => (data?.jobTitles ?? []).map((t) => t.name).join(', '),
  },
];

/** 'Connected Users' of an entity: their rights and job titles; invite, connect or create. */
export function EntityUsersSection({ entityId }: { entityId: number }) {
  return (
    <ConnectedUsersSection
      kind={ENTITY_LINKS}
      parentId={entityId}
      canManage={canManageEntity(useCurrentUser(), entityId)}
      extraColumns={jobTitles}
    >
      <Title order={3} size="h5" mt="sm">
        Invite, Connect or Create a User
      </Title>
      <InviteConnectCreate entityId={entityId} />
    </ConnectedUsersSection>
  );
}
