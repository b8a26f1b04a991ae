import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';

type ListQuery = NonNullable<paths['/legal-entity']['get']['parameters']['query']>;

/** One page of the All Legal Entities grid. */
export const getLegalEntities = ({ page, pageSize, sort, filters }: GridQuery) =>
  unwrap(
    api.GET('/legal-entity', {
      params: {
        query: {
          page,
          pageSize,
          sort: sort as ListQuery['sort'],
          name: filters.name,
          type: filters.type as ListQuery['type'],
          status: filters.status as ListQuery['status'],
        },
      },
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
