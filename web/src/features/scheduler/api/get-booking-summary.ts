import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';
import { filterQuery, MONTH_DATA_MARK, type FilterSet } from '../rules';

/** Every summary key starts here: Refresh and booking changes invalidate them all. */
export const summaryKey = bookingKeys.summary();

/** Placement groups per day of a range (grouped); overviewOnly leaves out the instructions. */
export const summaryQueryOptions = (
  range: { startDate: string; endDate: string },
  filters: FilterSet,
  overviewOnly: boolean,
  /** List only each day's first groups (a month cell's chips); the day still counts them all. */
  groupsPerDay?: number,
) =>
  queryOptions({
    queryKey: [...summaryKey, 'grouped', range, filters, overviewOnly, groupsPerDay ?? 0] as const,
    queryFn: async ({ signal }) => {
      const summary = await unwrap(
        api.GET('/booking/summary', {
          params: {
            query: {
              ...range,
              ...filterQuery(filters),
              grouped: true,
              overviewOnly,
              ...(groupsPerDay ? { groupsPerDay } : {}),
            },
          },
          signal,
        }),
      );
      performance.mark(MONTH_DATA_MARK);
      return summary;
    },
    ...failureShownInPlace,
    placeholderData: keepPreviousData,
  });
