import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { filterQuery, type FilterSet } from '../rules';
import { summaryKey } from './get-booking-summary';

/**
 * One page of the grid's instruction rows, newest change first: the booking summary's other
 * form (grouped=false), under the summary's key.
 */
export const changesQueryOptions = (
  // null: every date, the recent changes (the page's default); otherwise one month's placements.
  range: { startDate: string; endDate: string } | null,
  filters: FilterSet,
  cancelledOnly: boolean,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...summaryKey, 'rows', range, filters, cancelledOnly, page, pageSize] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/booking/summary', {
          params: {
            query: {
              ...(range ?? {}),
              ...filterQuery(filters),
              grouped: false,
              cancelledOnly,
              includeDeleted: cancelledOnly,
              page,
              pageSize,
              sort: '-modified',
            },
          },
          signal,
        }),
      ),
    ...failureShownInPlace,
    placeholderData: keepPreviousData,
  });
