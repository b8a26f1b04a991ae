import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

export const getUser = (id: number) =>
  unwrap(api.GET('/account/{id}', { params: { path: { id } } }));

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.detail(id), queryFn: () => getUser(id) });
