import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';
import { accountKeys } from '@/lib/query-keys';

type ListQuery = NonNullable<paths['/account']['get']['parameters']['query']>;

/** A tab of All Users. */
export type UserTab = 'freelancer' | 'staff';

/**
 * One page of an All Users tab (GET /account: page, pageSize, role, sort and the column filters
 * email, firstName, lastName, label, onboardingState, accountStatus).
 */
export const getUsers = (role: UserTab, q: GridQuery) =>
  unwrap(
    api.GET('/account', {
      params: {
        query: {
          role,
          ...gridListQuery<ListQuery>(q, [
            'email',
            'firstName',
            'lastName',
            'label',
            'onboardingState',
            'accountStatus',
          ]),
        },
      },
    }),
  );

export type DirectoryUser = NonNullable<Awaited<ReturnType<typeof getUsers>>['items']>[number];

export const directoryKeys = {
  all: accountKeys.lists(),
  list: (role: UserTab, q: GridQuery) => [...directoryKeys.all, role, q] as const,
};

export const usersQueryOptions = (role: UserTab) => (q: GridQuery) =>
  queryOptions({
    queryKey: directoryKeys.list(role, q),
    queryFn: () => getUsers(role, q),
    placeholderData: keepPreviousData,
  });
