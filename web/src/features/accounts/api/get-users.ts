import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

export interface UsersPage {
  page: number;
  pageSize: number;
}

export const getUsers = ({ page, pageSize }: UsersPage) =>
  unwrap(api.GET('/account', { params: { query: { page, pageSize } } }));

export const usersQueryOptions = (params: UsersPage) =>
  queryOptions({
    queryKey: accountKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
