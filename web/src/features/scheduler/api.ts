import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components, operations } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import type { FilterSet } from './filters';
import { bookingKeys, unavailabilityKeys } from '@/lib/query-keys';

export type SummaryDay = components['schemas']['BookingSummaryDay'];
export type SummaryGroup = components['schemas']['BookingSummaryGroup'];
export type SummaryInstruction = components['schemas']['BookingSummaryInstruction'];
export type ChangeRow = components['schemas']['BookingChangeRow'];
export type Bookmark = components['schemas']['BookingBookmark'];
export type SummaryQuery = operations['bookingSummary']['parameters']['query'];
export type Unavailability = components['schemas']['Unavailability'];

/** Every summary key starts here: Refresh and booking changes invalidate them all. */
export const summaryKey = bookingKeys.summary();
const bookmarkKey = bookingKeys.bookmarks();

/** Empty lists are left out: the server reads a missing filter as 'any'. */
function filterQuery(f: FilterSet): Partial<SummaryQuery> {
  const q: Partial<SummaryQuery> = {};
  for (const [k, v] of Object.entries(f) as [keyof FilterSet, unknown[]][]) {
    if (v.length) (q as Record<string, unknown>)[k] = v;
  }
  return q;
}

/** Placement groups per day of a range (grouped); overviewOnly leaves out the instructions. */
/**
 * Performance timeline names: the month's data is parsed (mark), and from there to the first
 * frame that shows it (measure). e2e/bench/scheduler-render.js reads the measure.
 */
export const MONTH_DATA_MARK = 'scheduler-month-data';
export const MONTH_RENDER_MEASURE = 'scheduler-month-render';

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

/** One page of the grid's instruction rows (grouped=false), newest change first. */
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

export const bookmarksQueryOptions = () =>
  queryOptions({
    queryKey: bookmarkKey,
    queryFn: async () => (await unwrap(api.GET('/booking/bookmark'))).items ?? [],
    ...failureShownInPlace,
  });

export function useCreateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { description: string; query: FilterSet }) =>
      unwrap(api.POST('/booking/bookmark', { body })),
    meta: { silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKey }),
  });
}

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/booking/{id}/bookmark', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKey }),
  });
}
