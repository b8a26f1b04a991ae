import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys, peopleKeys } from '@/lib/query-keys';

export const setFollow = ({ userId, followed }: { userId: number; followed: boolean }) =>
  unwrap(
    api.PATCH('/account/follow/{id}', { params: { path: { id: userId } }, body: { followed } }),
  );

/** Follows or unfollows a freelancer; the profile and lists refresh afterwards. */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    meta: { silentErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.details() }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]),
  });
}
