import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const resetSecondFactor = (userId: number) =>
  unwrap(api.POST('/account/{id}/reset-second-factor', { params: { path: { id: userId } } }));

/** An administrator removes another user's second factor; the user's sessions end. */
export function useResetSecondFactor() {
  return useMutation({ mutationFn: resetSecondFactor, meta: { silentErrors: true } });
}
