import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';

type ListQuery = NonNullable<paths['/entity/tag']['get']['parameters']['query']>;

export const tagKeys = {
  all: ['tag'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (q: GridQuery) => [...tagKeys.lists(), q] as const,
  ofEntity: (entityId: number) => [...tagKeys.all, 'entity', entityId] as const,
};

/** One page of global tags (GET /entity/tag?global=true: name, category filters). */
export const getTags = (q: GridQuery) =>
  unwrap(
    api.GET('/entity/tag', {
      params: { query: { global: true, ...gridListQuery<ListQuery>(q, ['name', 'category']) } },
    }),
  );

export type Tag = NonNullable<Awaited<ReturnType<typeof getTags>>['items']>[number];

export const tagsQueryOptions = (q: GridQuery) =>
  queryOptions({
    queryKey: tagKeys.list(q),
    queryFn: () => getTags(q),
    placeholderData: keepPreviousData,
  });
