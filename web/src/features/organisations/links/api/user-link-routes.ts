import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '@/api/schema';
import { accountKeys, departmentKeys } from '@/lib/query-keys';
import type { GridQuery } from '@/ui/data-grid';

/**
 * What the user-link endpoints of both kinds share (each endpoint has its own file beside this
 * one): each kind's routes, the name of its filter over the other end, and the query keys its
 * writes refresh (a department link also changes the department lists).
 */
type Schemas = components['schemas'];
export type UserDepartmentRef = NonNullable<Schemas['UserDepartmentPage']['items']>[number];
export type UserEntityRef = NonNullable<Schemas['UserEntityPage']['items']>[number];

export const ROUTES = {
  department: {
    list: '/associations/user-department-refs',
    ofParent: '/associations/user-department-refs/by-department-id/{id}',
    item: '/associations/user-department-refs/{id}',
    parentIds: 'departmentIds',
    key: 'user-department-ref',
    refresh: [['user-department-ref'], departmentKeys.lists()],
  },
  entity: {
    list: '/associations/user-entity-refs',
    ofParent: '/associations/user-entity-refs/by-entity-id/{id}',
    item: '/associations/user-entity-refs/{id}',
    parentIds: 'entityIds',
    key: 'user-entity-ref',
    refresh: [['user-entity-ref']],
  },
} as const;

/** A grid's query over every link of a kind, narrowed to some users and some other ends. */
export interface UserLinksQuery extends GridQuery {
  parentIds?: number[];
  userIds?: number[];
}

/** A sort both kinds' lists take (the grid names it from a column). */
export type Sort = SortOf<'listUserDepartmentRefs'> & SortOf<'listUserEntityRefs'>;
type SortOf<O extends 'listUserDepartmentRefs' | 'listUserEntityRefs'> = NonNullable<
  NonNullable<operations[O]['parameters']['query']>['sort']
>;
export type Page<R> = { items?: R[] | null; total: number };

/** The rights of a link to save, with the version they were read at. */
export type UserLinkUpdate<F extends string> = { id: number; version: number } & Record<F, boolean>;

type Parent = keyof typeof ROUTES;

/**
 * A write of user links. Links change what users may see, so every write refreshes the kind's
 * lists (and what else it shows) and the signed-in user's needs. With `silentErrors` the form or
 * dialog shows the errors (409 duplicate as a toast); otherwise the catalogue's toast does.
 */
export function useLinkWrite<T>(
  parent: Parent,
  mutationFn: (input: T) => Promise<unknown>,
  silentErrors: boolean,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: silentErrors ? { silentErrors } : undefined,
    onSuccess: () =>
      Promise.all(
        [...ROUTES[parent].refresh, accountKeys.whoami()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
