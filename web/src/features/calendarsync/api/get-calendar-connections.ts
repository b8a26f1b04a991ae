import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';

export type CalendarConnection = components['schemas']['CalendarConnection'];

/** The query keys of the caller's calendar connection. */
export const calendarSyncKeys = { all: ['calendar-connection'] as const };

/** The caller's own calendar connection, none or one (GET /calendar-connection). */
export const calendarConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: calendarSyncKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET('/calendar-connection', { signal })),
    ...failureShownInPlace,
  });

export const useCalendarConnections = () => useQuery(calendarConnectionsQueryOptions());
