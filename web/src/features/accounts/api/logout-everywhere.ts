import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';

export const logoutEverywhere = () => unwrap(api.POST('/account/logout-everywhere'));

/** Ends every session of the user, this one included; the cached data goes with it. */
export function useLogoutEverywhere(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      resetCsrfToken();
      options.onSuccess?.();
      queryClient.clear();
    },
  });
}
