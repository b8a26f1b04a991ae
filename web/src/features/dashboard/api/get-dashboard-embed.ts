import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { dashboardKeys } from './get-dashboard-stats';

/**
 * The embedded analytics dashboard's signed address (administrators; null when none is
 * configured). The address expires after 10 minutes, so it is fetched again on each visit.
 */
export const dashboardEmbedQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.embed(),
    queryFn: () => unwrap(api.GET('/dashboard/embed')),
    staleTime: 0,
    gcTime: 0,
    ...failureShownInPlace,
  });
