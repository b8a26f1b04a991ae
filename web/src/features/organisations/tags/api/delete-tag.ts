import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useInvalidateTags } from '../hooks/use-invalidate-tags';

export const deleteTag = (id: number) =>
  unwrap(api.DELETE('/entity/tag/{id}', { params: { path: { id } } }));

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
