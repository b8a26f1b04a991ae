import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema';

type Query = NonNullable<operations['listInvitationsByEntity']['parameters']['query']>;
import type { GridQuery } from '@/ui/data-grid';
import { asGridPage } from '@/features/organisations/shared/grid-page';
import { invitationKeys } from '@/lib/query-keys';

export const getEntityInvitations = (
  entityId: number,
  { page, pageSize, sort, filters }: GridQuery,
) =>
  unwrap(
    api.GET('/invitation/by-entity/{id}', {
      params: {
        path: { id: entityId },
        query: {
          page,
          pageSize,
          sort: sort as Query['sort'],
          email: filters.email,
          status: filters.status as Query['status'],
          purpose: filters.purpose as Query['purpose'],
        },
      },
    }),
  );

/** One page of an entity's invitations (grid query); keys start with ['invitation']. */
export const entityInvitationsQuery = (entityId: number, q: GridQuery) => ({
  queryKey: invitationKeys.ofEntity(entityId, q),
  queryFn: async () => asGridPage(await getEntityInvitations(entityId, q)),
});

export const entityInvitationsQueryOptions = (entityId: number, q: GridQuery) =>
  queryOptions(entityInvitationsQuery(entityId, q));
