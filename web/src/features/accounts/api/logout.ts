import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import { clearOfflineCopies } from '@/lib/offline';

export const logout = () => unwrap(api.POST('/account/logout'));

/** Ends the session; whatever the answer, the cached data of the old session is dropped. */
export function useLogout(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { silentErrors: true },
    onSettled: () => {
      resetCsrfToken();
      void clearOfflineCopies();
      options.onSettled?.();
      queryClient.clear();
    },
  });
}
