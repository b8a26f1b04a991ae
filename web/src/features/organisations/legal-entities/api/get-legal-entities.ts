import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';

type ListQuery = NonNullable<paths['/legal-entity']['get']['parameters']['query']>;

/** One page of the All Legal Entities grid. */
export const getLegalEntities = (q: GridQuery) =>
  unwrap(
    api.GET('/legal-entity', {
      params: { query: gridListQuery<ListQuery>(q, ['name', 'type', 'status']) },
    }),
  );

export const legalEntityKeys = {
  all: ['legal-entity'] as const,
  lists: () => [...legalEntityKeys.all, 'list'] as const,
  list: (q: GridQuery) => [...legalEntityKeys.lists(), q] as const,
  detail: (id: number) => [...legalEntityKeys.all, 'detail', id] as const,
  byEntity: (entityId: number) => [...legalEntityKeys.all, 'by-entity', entityId] as const,
};

export const legalEntitiesQueryOptions = (q: GridQuery) =>
  queryOptions({
    queryKey: legalEntityKeys.list(q),
    queryFn: () => getLegalEntities(q),
    placeholderData: keepPreviousData,
  });
