import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { accountKeys } from '@/lib/query-keys';

type ListQuery = NonNullable<paths['/account']['get']['parameters']['query']>;

/** A tab of All Users. */
export type UserTab = 'freelancer' | 'staff';

/**
 * One page of an All Users tab (GET /account: page, pageSize, role, sort and the column filters
 * email, firstName, lastName, label, onboardingState, accountStatus).
 */
export const getUsers = (role: UserTab, { page, pageSize, sort, filters }: GridQuery) =>
  unwrap(
    api.GET('/account', {
      params: {
        query: {
          page,
          pageSize,
          role,
          sort: sort as ListQuery['sort'],
          email: filters.email,
          firstName: filters.firstName,
          lastName: filters.lastName,
          label: filters.label,
          onboardingState: filters.onboardingState as ListQuery['onboardingState'],
          accountStatus: filters.accountStatus as ListQuery['accountStatus'],
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
