import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useInvalidateTags } from '../hooks/use-invalidate-tags';
import type { TagCategory } from '../rules';

export const createEntityTag = (entityId: number, name: string, category: TagCategory) =>
  unwrap(
    api.POST('/entity/{id}/tag', { params: { path: { id: entityId } }, body: { name, category } }),
  );

export function useCreateEntityTag(entityId: number) {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ category, name }: { category: TagCategory; name: string }) =>
      createEntityTag(entityId, name, category),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}
