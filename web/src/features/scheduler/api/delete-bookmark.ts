import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { bookmarkKey } from './get-bookmarks';

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/booking/{id}/bookmark', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKey }),
  });
}
