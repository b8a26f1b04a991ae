import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { switchUser } from './switch-user';

export const impersonate = (id: number) =>
  unwrap(api.POST('/account/impersonate/{id}', { params: { path: { id } } }));

/**
 * Admin only: act as another user. `leave` runs first (navigate away from admin-only screens, and
 * await it) so no admin-only query is refetched as the impersonated user.
 */
export function useImpersonate(
  options: { leave?: (user: CurrentUser) => Promise<void> | void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: impersonate,
    onSuccess: async (user) => {
      await options.leave?.(user);
      switchUser(queryClient, user);
    },
  });
}
