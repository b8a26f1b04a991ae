import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { FilterSet } from '../rules';
import { bookmarkKey } from './get-bookmarks';

export function useCreateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { description: string; query: FilterSet }) =>
      unwrap(api.POST('/booking/bookmark', { body })),
    meta: { silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKey }),
  });
}
