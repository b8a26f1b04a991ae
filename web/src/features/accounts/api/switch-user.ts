import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@/api/types';
import { appInfoQueryOptions } from './get-app-info';
import { whoamiQueryOptions } from './get-whoami';

/**
 * After impersonation starts or ends, the session is someone else's: store the new user and drop
 * every cached answer of the old one. Screens on view re-render (the user changed) and fetch anew
 * with their own rules (a disabled query stays disabled, rather than being refetched as the new user).
 */
export function switchUser(queryClient: QueryClient, user: CurrentUser): void {
  const whoamiKey = whoamiQueryOptions().queryKey[1];
  const appInfoKey = appInfoQueryOptions().queryKey[0];
  const belongsToSession = (key: readonly unknown[]) =>
    key[0] !== appInfoKey && key[1] !== whoamiKey;
  queryClient.setQueryData(whoamiQueryOptions().queryKey, user);
  queryClient.removeQueries({ predicate: (q) => belongsToSession(q.queryKey) });
}
