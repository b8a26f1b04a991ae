import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { asGridPage } from '@/features/organisations/shared/grid-page';

export interface UserDepartmentRefsQuery extends GridQuery {
  departmentIds?: number[];
  userIds?: number[];
}

type Sort = NonNullable<operations['listUserDepartmentRefs']['parameters']['query']>['sort'];

const flag = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined);

export const getUserDepartmentRefs = ({
  page,
  pageSize,
  sort,
  filters,
  departmentIds,
  userIds,
}: UserDepartmentRefsQuery) =>
  unwrap(
    api.GET('/associations/user-department-refs', {
      params: {
        query: {
          page,
          pageSize,
          sort: sort as Sort,
          departmentIds: departmentIds?.length ? departmentIds : undefined,
          userIds: userIds?.length ? userIds : undefined,
          canHire: flag(filters.canHire),
          canManage: flag(filters.canManage),
          canSelect: flag(filters.canSelect),
        },
      },
    }),
  );

/** 'All User-Department connections' (grid query); keys start with ['user-department-ref']. */
export const userDepartmentRefsQuery = (q: UserDepartmentRefsQuery) => ({
  queryKey: ['user-department-ref', 'list', q] as const,
  queryFn: async () => asGridPage(await getUserDepartmentRefs(q)),
});

export const userDepartmentRefsQueryOptions = (q: UserDepartmentRefsQuery) =>
  queryOptions(userDepartmentRefsQuery(q));

export const getDepartmentUserRefs = (departmentId: number, { page, pageSize, sort }: GridQuery) =>
  unwrap(
    api.GET('/associations/user-department-refs/by-department-id/{id}', {
      params: { path: { id: departmentId }, query: { page, pageSize, sort: sort as Sort } },
    }),
  );

/** The users connected to one department (its page). */
export const departmentUserRefsQuery = (departmentId: number, q: GridQuery) => ({
  queryKey: ['user-department-ref', 'by-department', departmentId, q] as const,
  queryFn: async () => asGridPage(await getDepartmentUserRefs(departmentId, q)),
});

export type UserDepartmentRef = NonNullable<
  Awaited<ReturnType<typeof getUserDepartmentRefs>>['items']
>[number];
