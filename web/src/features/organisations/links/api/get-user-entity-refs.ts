import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { asGridPage } from '@/features/organisations/shared/grid-page';

export interface UserEntityRefsQuery extends GridQuery {
  entityIds?: number[];
  userIds?: number[];
}

type Sort = NonNullable<operations['listUserEntityRefs']['parameters']['query']>['sort'];

const flag = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined);

export const getUserEntityRefs = ({
  page,
  pageSize,
  sort,
  filters,
  entityIds,
  userIds,
}: UserEntityRefsQuery) =>
  unwrap(
    api.GET('/associations/user-entity-refs', {
      params: {
        query: {
          page,
          pageSize,
          sort: sort as Sort,
          entityIds: entityIds?.length ? entityIds : undefined,
          userIds: userIds?.length ? userIds : undefined,
          canExternal: flag(filters.canExternal),
          canManage: flag(filters.canManage),
          canSelect: flag(filters.canSelect),
        },
      },
    }),
  );

/** 'All User-Entity connections' (grid query); link query keys start with ['user-entity-ref']. */
export const userEntityRefsQuery = (q: UserEntityRefsQuery) => ({
  queryKey: ['user-entity-ref', 'list', q] as const,
  queryFn: async () => asGridPage(await getUserEntityRefs(q)),
});

export const userEntityRefsQueryOptions = (q: UserEntityRefsQuery) =>
  queryOptions(userEntityRefsQuery(q));

export const getEntityUserRefs = (entityId: number, { page, pageSize, sort }: GridQuery) =>
  unwrap(
    api.GET('/associations/user-entity-refs/by-entity-id/{id}', {
      params: { path: { id: entityId }, query: { page, pageSize, sort: sort as Sort } },
    }),
  );

/** The users connected to one entity (its page). */
export const entityUserRefsQuery = (entityId: number, q: GridQuery) => ({
  queryKey: ['user-entity-ref', 'by-entity', entityId, q] as const,
  queryFn: async () => asGridPage(await getEntityUserRefs(entityId, q)),
});

export type UserEntityRef = NonNullable<
  Awaited<ReturnType<typeof getUserEntityRefs>>['items']
>[number];
