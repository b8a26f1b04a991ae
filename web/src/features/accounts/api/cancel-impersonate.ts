import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { switchUser } from './switch-user';

export const cancelImpersonate = () => unwrap(api.POST('/account/cancel-impersonate'));

/** Back to the administrator's own session. */
export function useCancelImpersonate(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImpersonate,
    onSuccess: (user) => {
      switchUser(queryClient, user);
      options.onSuccess?.(user);
    },
  });
}
