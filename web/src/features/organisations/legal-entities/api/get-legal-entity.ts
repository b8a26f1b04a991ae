import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { legalEntityKeys } from './get-legal-entities';

export const getLegalEntity = (id: number) =>
  unwrap(api.GET('/legal-entity/{id}', { params: { path: { id } } }));

export type LegalEntity = Awaited<ReturnType<typeof getLegalEntity>>;

export const legalEntityQueryOptions = (id: number) =>
  queryOptions({ queryKey: legalEntityKeys.detail(id), queryFn: () => getLegalEntity(id) });
