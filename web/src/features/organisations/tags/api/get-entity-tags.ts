import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { tagKeys } from './get-tags';

/** The tags of one entity. */
export const getEntityTags = (id: number) =>
  unwrap(api.GET('/entity/{id}/tags', { params: { path: { id } } }));

export const entityTagsQueryOptions = (id: number) =>
  queryOptions({ queryKey: tagKeys.ofEntity(id), queryFn: () => getEntityTags(id) });
