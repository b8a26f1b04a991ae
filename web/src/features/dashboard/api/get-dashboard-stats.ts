import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';
import { statsOf, type DateRange } from '../rules';

/**
 * The dashboard's keys sit under the bookings' own: the figures are read from bookings, so a
 * booking change (which invalidates bookingKeys.all) refreshes them too.
 */
export const dashboardKeys = {
  all: [...bookingKeys.all, 'dashboard'] as const,
  stats: (range: DateRange) => [...dashboardKeys.all, 'stats', range.start, range.end] as const,
  embed: () => [...dashboardKeys.all, 'embed'] as const,
};

/** GET /dashboard/stats over a range; the page shows its own loading, empty and error states. */
export const dashboardStatsQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: dashboardKeys.stats(range),
    queryFn: () =>
      unwrap(
        api.GET('/dashboard/stats', {
          params: { query: { startDate: range.start, endDate: range.end } },
        }),
      ).then(statsOf),
    ...failureShownInPlace,
  });
