import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { unavailabilityKeys } from '@/lib/query-keys';

/**
 * The unavailable dates of users in a range (GET /unavailability/by-user-ids). The server leaves
 * out the users the caller may not read. Under unavailabilityKeys.all, so marking dates in the
 * sidebar refreshes the calendar too.
 */
export const unavailableQueryOptions = (
  range: { startDate: string; endDate: string },
  userIds: readonly number[],
) =>
  queryOptions({
    queryKey: [...unavailabilityKeys.all, 'range', range, userIds] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/unavailability/by-user-ids', {
          params: { query: { ...range, userIds: [...userIds] } },
          signal,
        }),
      ),
    enabled: userIds.length > 0,
    ...failureShownInPlace,
    placeholderData: keepPreviousData,
  });
