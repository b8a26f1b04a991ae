import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys, peopleKeys } from '@/lib/query-keys';

export const setBookmark = ({ userId, bookmarked }: { userId: number; bookmarked: boolean }) =>
  unwrap(
    api.PATCH('/account/bookmark/{id}', { params: { path: { id: userId } }, body: { bookmarked } }),
  );

/** Bookmarks or unbookmarks a freelancer; the profile and lists refresh afterwards. */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookmark,
    meta: { silentErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.details() }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]),
  });
}
