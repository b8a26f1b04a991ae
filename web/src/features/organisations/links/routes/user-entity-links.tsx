import type { CurrentUser } from '@/api/types';
import { canManageEntity, managesAnyEntity } from '@/lib/permissions';
import type { DataGridColumn, GridQuery } from '@/ui/data-grid';
import { userEntityRefsQuery, type UserEntityRef } from '../api/get-user-entity-refs';
import {
  useCreateUserEntityRef,
  useDeleteUserEntityRef,
  useUpdateUserEntityRef,
} from '../api/user-entity-ref-mutations';
import { UserLinksPage } from '../components/user-links-page';
import { ENTITY_LINKS } from '../kinds';

const query = (q: GridQuery, userIds: number[], entityIds: number[]) =>
  userEntityRefsQuery({ ...q, userIds, entityIds });

const entityName = (r: UserEntityRef) => r.entity.name;

const entityColumns: DataGridColumn<UserEntityRef>[] = [
  {
    colId: 'entity',
    headerName: 'Entity',
    sortable: true,
    valueGetter: ({ data }) => data?.entity.name ?? '',
  },
];

const canChange = (me: CurrentUser, r: UserEntityRef) => canManageEntity(me, r.entityId);

/** 'All User-Entity connections': every user-entity link the user may see. */
export function UserEntityLinksRoute() {
  const create = useCreateUserEntityRef();
  const update = useUpdateUserEntityRef();
  const { mutate: disconnect } = useDeleteUserEntityRef();
  return (
    <UserLinksPage
      kind={ENTITY_LINKS}
      title="All User-Entity connections"
      gridId="user-entity-links"
      parentsLabel="Entities"
      connectTitle="Connect a user to an entity"
      query={query}
      parentColumns={entityColumns}
      parentName={entityName}
      canConnect={managesAnyEntity}
      canChange={canChange}
      create={create.mutateAsync}
      save={update.mutateAsync}
      disconnect={disconnect}
    />
  );
}

export { UserEntityLinksRoute as Component };
