import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';
import { entityKeys } from '@/lib/query-keys';

type ListQuery = NonNullable<paths['/entity']['get']['parameters']['query']>;

/** One page of the All Entities grid (GET /entity: page, pageSize, sort, name, type). */
export const getEntities = (q: GridQuery) =>
  unwrap(api.GET('/entity', { params: { query: gridListQuery<ListQuery>(q, ['name', 'type']) } }));

export { entityKeys };

export const entitiesQueryOptions = (q: GridQuery) =>
  queryOptions({
    queryKey: entityKeys.list(q),
    queryFn: () => getEntities(q),
    placeholderData: keepPreviousData,
  });
