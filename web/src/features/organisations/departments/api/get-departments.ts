import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';
import { asGridPage } from '@/features/organisations/shared/rules';
import { departmentKeys } from '@/lib/query-keys';

type ListQuery = NonNullable<operations['listDepartments']['parameters']['query']>;

export interface DepartmentsQuery extends GridQuery {
  /** Departments these users are linked to. */
  userIds?: number[];
  clientId?: number;
}

export const getDepartments = ({ userIds, clientId, ...q }: DepartmentsQuery) =>
  unwrap(
    api.GET('/department', {
      params: {
        query: {
          ...gridListQuery<ListQuery>(q, ['name']),
          clientId,
          user_ids: userIds?.length ? userIds : undefined,
        },
      },
    }),
  );

/** One page of 'All Departments' (grid query); every department query key starts with ['department']. */
export const departmentsQuery = (q: DepartmentsQuery) => ({
  queryKey: departmentKeys.list(q),
  queryFn: async () => asGridPage(await getDepartments(q)),
});

export const departmentsQueryOptions = (q: DepartmentsQuery) => queryOptions(departmentsQuery(q));

/** The departments of one client (its entity page), first 100 by name. */
export const clientDepartmentsQueryOptions = (clientId: number) =>
  departmentsQueryOptions({ page: 1, pageSize: 100, sort: 'name', filters: {}, clientId });
