import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { entityKeys } from './get-entities';

export const getEntity = (id: number) =>
  unwrap(api.GET('/entity/{id}', { params: { path: { id } } }));

export const entityQueryOptions = (id: number) =>
  queryOptions({ queryKey: entityKeys.detail(id), queryFn: () => getEntity(id) });
