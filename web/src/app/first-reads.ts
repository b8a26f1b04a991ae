import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@/api/types';
import { paths } from '@/lib/paths';
import { appInfoQueryOptions, whoamiQueryOptions } from '@/lib/session';

/**
 * Starts the reads the first screen needs as the app's script runs, before React renders and
 * while the screen's code is still downloading: who is signed in and the app's settings (every
 * screen needs both), then, once whoami is known, the agenda's own reads on /agenda. Asked by
 * the screens, each would cost a round trip after their code arrived.
 */
export function startFirstReads(queryClient: QueryClient, location: Location): void {
  void queryClient.prefetchQuery(appInfoQueryOptions());
  const whoami = queryClient.prefetchQuery({ ...whoamiQueryOptions(), retry: false });
  if (location.pathname !== paths.agenda) return;
  const search = new URLSearchParams(location.search);
  void whoami.then(async () => {
    const user = queryClient.getQueryData<CurrentUser>(whoamiQueryOptions().queryKey);
    if (!user || user.mustEnrolSecondFactor) return;
    const { startAgendaReads } = await import('@/features/agenda');
    startAgendaReads(user, search);
  });
}
