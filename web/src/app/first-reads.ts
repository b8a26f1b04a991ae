import type { QueryClient } from '@tanstack/react-query';
import { appInfoQueryOptions, whoamiQueryOptions } from '@/lib/session';

/**
 * Starts the reads every screen needs as the app's script runs, before React renders and while
 * the screen's code is still downloading: who is signed in and the app's settings, into the query
 * cache the screens read. Asked by the screens, each would cost a round trip after their code
 * arrived.
 */
export function startFirstReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(appInfoQueryOptions());
  void queryClient.prefetchQuery({ ...whoamiQueryOptions(), retry: false });
}
