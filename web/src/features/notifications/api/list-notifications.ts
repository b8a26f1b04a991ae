import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';
import type { GridQuery } from '@/ui/data-grid';
import { listQuery } from '../rules';
import { listNotificationsByUser } from './list-notifications-by-user';

/** The caller's own notifications, newest first. */
export const listNotifications = (q: GridQuery) =>
  unwrap(api.GET('/notification', { params: { query: listQuery(q) } }));

/** A page of the caller's notifications (userId null) or of a user's, for the grid. */
export const notificationsQueryOptions = (userId: number | null, q: GridQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, q),
    queryFn: () => (userId ? listNotificationsByUser(userId, q) : listNotifications(q)),
  });
