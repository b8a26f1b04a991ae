/**
 * The session: who is signed in (whoami), the installation's facts (app-info) and the switches
 * between users (impersonation). The app shell and several features read them, so they live here.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { accountKeys, appInfoKeys } from '@/lib/query-keys';

export const getWhoami = () => unwrap(api.GET('/account/whoami'));

/** The signed-in user. A visitor gets 401, which the guards handle, so no toast. */
export const whoamiQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.whoami(),
    queryFn: getWhoami,
    staleTime: 60_000,
    meta: { silentErrors: true },
  });

export const getAppInfo = () => unwrap(api.GET('/app-info'));

/** Public facts about this installation: environment badge, sign-in providers, product name. */
export const appInfoQueryOptions = () =>
  queryOptions({
    queryKey: appInfoKeys.all,
    queryFn: getAppInfo,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });

/** Stores a user the server signed in as whoami. */
export function storeSignedInUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(whoamiQueryOptions().queryKey, user);
}

/**
 * After impersonation starts or ends, the session is someone else's: store the new user and drop
 * every cached answer of the old one. Screens on view re-render (the user changed) and fetch anew
 * with their own rules (a disabled query stays disabled, rather than being refetched as the new user).
 */
export function switchUser(queryClient: QueryClient, user: CurrentUser): void {
  const whoamiKey = accountKeys.whoami()[1];
  const belongsToSession = (key: readonly unknown[]) =>
    key[0] !== appInfoKeys.all[0] && key[1] !== whoamiKey;
  storeSignedInUser(queryClient, user);
  queryClient.removeQueries({ predicate: (q) => belongsToSession(q.queryKey) });
}

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
