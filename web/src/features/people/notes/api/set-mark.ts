import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { accountKeys, peopleKeys } from '@/lib/query-keys';

/** The marks a manager sets on a freelancer: each one's route and body field. */
const MARKS = {
  bookmark: {
    path: '/account/bookmark/{id}',
    field: 'bookmarked',
    toast: toasts.freelancerBookmarked,
  },
  follow: { path: '/account/follow/{id}', field: 'followed', toast: toasts.freelancerFollowed },
} as const;

export type Mark = keyof typeof MARKS;

/**
 * The body of either route, `{ bookmarked }` or `{ followed }`. The client sees the two routes
 * as one and asks for both fields; the field each mark names above is the one sent.
 */
type MarkBody = { bookmarked: boolean; followed: boolean };

export const setMark = (mark: Mark, userId: number, on: boolean) =>
  unwrap(
    api.PATCH(MARKS[mark].path, {
      params: { path: { id: userId } },
      body: { [MARKS[mark].field]: on } as MarkBody,
    }),
  );

/**
 * Bookmarks or follows a freelancer, or undoes it, confirmed with the success toast; the profile
 * and lists refresh afterwards.
 */
export function useSetMark(mark: Mark) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, on }: { userId: number; on: boolean }) => setMark(mark, userId, on),
    meta: { silentErrors: true },
    onSuccess: (_res, { on }) => notify(MARKS[mark].toast(on)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.details() }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]),
  });
}
