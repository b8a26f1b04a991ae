import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { paths } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { gridListQuery } from '@/ui/grid-list-query';
import type { TagCategory } from '../tag-rules';

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

/** The tags of one entity. */
export const getEntityTags = (id: number) =>
  unwrap(api.GET('/entity/{id}/tags', { params: { path: { id } } }));

export const entityTagsQueryOptions = (id: number) =>
  queryOptions({ queryKey: tagKeys.ofEntity(id), queryFn: () => getEntityTags(id) });

/** Creates a global tag of a category. */
export function createGlobalTag(category: TagCategory, name: string) {
  if (category === 'job_title')
    return unwrap(api.POST('/entity/job-title-tag', { body: { job_title_name: name } }));
  return unwrap(api.POST('/entity/skill-tag', { body: { skill_tag_name: name } }));
}

export const createEntityTag = (entityId: number, name: string, category: TagCategory) =>
  unwrap(
    api.POST('/entity/{id}/tag', { params: { path: { id: entityId } }, body: { name, category } }),
  );

export const renameTag = (tag: Pick<Tag, 'id' | 'version'>, name: string) =>
  unwrap(
    api.PATCH('/entity/tag/{id}', {
      params: { path: { id: tag.id } },
      body: { id: tag.id, name, version: tag.version },
    }),
  );

export const deleteTag = (id: number) =>
  unwrap(api.DELETE('/entity/tag/{id}', { params: { path: { id } } }));

function useInvalidateTags() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tagKeys.all });
}

/** Tag mutations; each refreshes every tag list. Forms show their own errors. */
export function useCreateGlobalTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ category, name }: { category: TagCategory; name: string }) =>
      createGlobalTag(category, name),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}

export function useCreateEntityTag(entityId: number) {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ category, name }: { category: TagCategory; name: string }) =>
      createEntityTag(entityId, name, category),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}

export function useRenameTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ tag, name }: { tag: Pick<Tag, 'id' | 'version'>; name: string }) =>
      renameTag(tag, name),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}

/** Deletes a tag. A failure is logged and the delete cancelled: the row stays (spec §8). */
export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: deleteTag,
    meta: { silentErrors: true },
    onSuccess: invalidate,
    onError: (err, id) => console.error(`Could not delete tag ${id}`, err),
  });
}
