import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const getUser = (id: number) =>
  unwrap(api.GET('/account/{id}', { params: { path: { id } } }));

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['account', 'detail', id] as const, queryFn: () => getUser(id) });
