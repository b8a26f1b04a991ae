import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export interface UsersPage {
  page: number;
  pageSize: number;
}

export const getUsers = ({ page, pageSize }: UsersPage) =>
  unwrap(api.GET('/account', { params: { query: { page, pageSize } } }));

export const usersQueryOptions = (params: UsersPage) =>
  queryOptions({
    queryKey: ['account', 'list', params] as const,
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
