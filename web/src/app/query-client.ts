import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/errors/retry';
import { notifyError } from '@/lib/notify';
import { accountKeys, notificationKeys } from '@/lib/query-keys';

/**
 * The query client: the spec's retry rule for queries, and the error catalogue's toast for every
 * failed query or mutation unless it opts out with meta.silentErrors. Transport code shows nothing.
 */
export function createQueryClient(): QueryClient {
  const mutationCache = new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silentErrors) return;
      notifyError(error);
    },
  });
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentErrors) return;
        notifyError(error);
      },
    }),
    mutationCache,
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  refreshSessionAfterWrites(queryClient, mutationCache);
  return queryClient;
}

/**
 * whoami holds what the user still has to do (actions required: onboarding, invitations, offers
 * awaiting an answer, the last shown on the sidebar's Agenda item) and the needs their links
 * give; many writes change them (answering an offer on the agenda or a booking, accepting an
 * invitation, a new link). So every successful write reads whoami again: one rule here rather
 * than a line in each mutation. It listens for the mutation's 'success' event, which comes after
 * the mutation's own onSuccess and onSettled have run, so a write that switches the session's
 * user (impersonation) or ends it (sign out, which clears the cache) has finished first.
 * The top bar's unread notification count is read again by the same rule.
 */
export function refreshSessionAfterWrites(queryClient: QueryClient, mutationCache: MutationCache) {
  return mutationCache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      void queryClient.invalidateQueries({ queryKey: accountKeys.whoami() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.stats() });
    }
  });
}
