import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema';

import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';
import { asGridPage } from '@/features/organisations/shared/rules';
import { invitationKeys } from '@/lib/query-keys';

type Query = NonNullable<operations['listInvitationsByEntity']['parameters']['query']>;

export const getEntityInvitations = (entityId: number, q: GridQuery) =>
  unwrap(
    api.GET('/invitation/by-entity/{id}', {
      params: {
        path: { id: entityId },
        query: gridListQuery<Query>(q, ['email', 'status', 'purpose']),
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
