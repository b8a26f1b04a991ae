import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useInvalidateTags } from '../hooks/use-invalidate-tags';
import type { Tag } from './get-tags';

export const renameTag = (tag: Pick<Tag, 'id' | 'version'>, name: string) =>
  unwrap(
    api.PATCH('/entity/tag/{id}', {
      params: { path: { id: tag.id } },
      body: { id: tag.id, name, version: tag.version },
    }),
  );

export function useRenameTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ tag, name }: { tag: Pick<Tag, 'id' | 'version'>; name: string }) =>
      renameTag(tag, name),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}
