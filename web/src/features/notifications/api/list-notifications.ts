import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';
import type { GridQuery } from '@/ui/data-grid';

/** The list's query string: the grid's page and size, and the Unread filter (unreadOnly). */
const listQuery = ({ page, pageSize, filters }: GridQuery) => ({
  page,
  pageSize,
  ...(filters.unreadOnly === 'true' ? { unreadOnly: 'true' as const } : {}),
});

/** The caller's own notifications, newest first. */
export const listNotifications = (q: GridQuery) =>
  unwrap(api.GET('/notification', { params: { query: listQuery(q) } }));

/** One user's notifications (administrators only; the server refuses everyone else). */
export const listNotificationsByUser = (userId: number, q: GridQuery) =>
  unwrap(
    api.GET('/notification/by-user/{id}', {
      params: { path: { id: userId }, query: listQuery(q) },
    }),
  );

/** A page of the caller's notifications (userId null) or of a user's, for the grid. */
export const notificationsQueryOptions = (userId: number | null, q: GridQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, q),
    queryFn: () => (userId ? listNotificationsByUser(userId, q) : listNotifications(q)),
  });
