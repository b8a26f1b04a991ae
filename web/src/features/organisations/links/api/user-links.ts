import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components, operations } from '@/api/schema';
import { accountKeys, departmentKeys } from '@/lib/query-keys';
import type { GridQuery } from '@/ui/data-grid';
import { asGridPage } from '@/features/organisations/shared/grid-page';
import type { UserLinkInput, UserLinkKind } from '../kinds';

type Schemas = components['schemas'];
export type UserDepartmentRef = NonNullable<Schemas['UserDepartmentPage']['items']>[number];
export type UserEntityRef = NonNullable<Schemas['UserEntityPage']['items']>[number];

/**
 * Each kind's routes, the name of its filter over the other end, and the query keys its writes
 * refresh (a department link also changes the department lists). Everything else about reading
 * and writing user links is written once below.
 */
const ROUTES = {
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
type Sort = SortOf<'listUserDepartmentRefs'> & SortOf<'listUserEntityRefs'>;
type SortOf<O extends 'listUserDepartmentRefs' | 'listUserEntityRefs'> = NonNullable<
  NonNullable<operations[O]['parameters']['query']>['sort']
>;
type Page<R> = { items?: R[] | null; total: number };
const flag = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined);
const some = (ids: number[] | undefined) => (ids?.length ? ids : undefined);

/** 'All User-… connections' (grid query); a kind's query keys start with its key. */
export function userLinksQuery<P extends string, F extends string, R>(
  kind: UserLinkKind<P, F, R>,
  q: UserLinksQuery,
) {
  const routes = ROUTES[kind.parent];
  const { page, pageSize, sort, filters } = q;
  return {
    queryKey: [routes.key, 'list', q] as const,
    queryFn: async () => {
      const data = await unwrap(
        api.GET(routes.list, {
          params: {
            query: {
              page,
              pageSize,
              sort: sort as Sort,
              [routes.parentIds]: some(q.parentIds),
              userIds: some(q.userIds),
              ...Object.fromEntries(kind.flags.map((f) => [f.key, flag(filters[f.key])])),
            },
          },
        }),
      );
      return asGridPage(data as Page<R>);
    },
  };
}

/** The users connected to one department or entity (its page). */
export function parentUserLinksQuery<P extends string, F extends string, R>(
  kind: UserLinkKind<P, F, R>,
  parentId: number,
  q: GridQuery,
) {
  const routes = ROUTES[kind.parent];
  const { page, pageSize, sort } = q;
  return {
    queryKey: [routes.key, `by-${kind.parent}`, parentId, q] as const,
    queryFn: async () => {
      const data = await unwrap(
        api.GET(routes.ofParent, {
          params: { path: { id: parentId }, query: { page, pageSize, sort: sort as Sort } },
        }),
      );
      return asGridPage(data as Page<R>);
    },
  };
}

/** The rights of a link to save, with the version they were read at. */
export type UserLinkUpdate<F extends string> = { id: number; version: number } & Record<F, boolean>;

type Parent = keyof typeof ROUTES;

/**
 * A write of user links. Links change what users may see, so every write refreshes the kind's
 * lists (and what else it shows) and the signed-in user's needs. With `silentErrors` the form or
 * dialog shows the errors (409 duplicate as a toast); otherwise the catalogue's toast does.
 */
function useLinkWrite<T>(
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

/** Connect a user, save a link's rights, disconnect. */
export function useUserLinkWrites<P extends string, F extends string, R>({
  parent,
}: UserLinkKind<P, F, R>) {
  const { list, item } = ROUTES[parent];
  return {
    create: useLinkWrite(
      parent,
      (body: UserLinkInput<P, F>) => unwrap(api.POST(list, { body })),
      true,
    ),
    update: useLinkWrite(
      parent,
      ({ id, ...rights }: UserLinkUpdate<F>) =>
        unwrap(api.PATCH(item, { params: { path: { id } }, body: { id, ...rights } })),
      true,
    ),
    remove: useLinkWrite(
      parent,
      (id: number) => unwrap(api.DELETE(item, { params: { path: { id } } })),
      false,
    ),
  };
}
