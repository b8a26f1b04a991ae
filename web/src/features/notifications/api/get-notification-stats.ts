import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';

/** How often the unread count is read again while the page is visible. */
export const STATS_POLL_MS = 30_000;

export const getNotificationStats = () => unwrap(api.GET('/notification/stats'));

/**
 * The caller's unread and total counts. Polled every 30 s; TanStack Query stops polling while the
 * browser tab is hidden (refetchIntervalInBackground is off) and reads again when it returns.
 * Writes refresh it at once (query-client.ts). Silent: a failed count is no reason for a toast
 * every 30 seconds.
 */
export const notificationStatsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.stats(),
    queryFn: getNotificationStats,
    refetchInterval: STATS_POLL_MS,
    refetchIntervalInBackground: false,
    meta: { silentErrors: true },
  });
