import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';

export const impersonate = (id: number) =>
  unwrap(api.POST('/account/impersonate/{id}', { params: { path: { id } } }));

// The keys of the whoami and app-info queries (the accounts feature owns them; features do not
// import each other, so they are named here).
const WHOAMI_KEY = ['account', 'whoami'] as const;
const APP_INFO_KEY = 'app-info';

/** The session now belongs to user: store it and drop every cached answer of the old user. */
function switchUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(WHOAMI_KEY, user);
  queryClient.removeQueries({
    predicate: (q) => q.queryKey[0] !== APP_INFO_KEY && q.queryKey[1] !== WHOAMI_KEY[1],
  });
}

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
