import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/errors/retry';
import { notifyError } from '@/lib/notify';

/**
 * The query client: the spec's retry rule for queries, and the error catalogue's toast for every
 * failed query or mutation unless it opts out with meta.silentErrors. Transport code shows nothing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentErrors) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentErrors) return;
        notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
