import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';

export const getNotification = (id: number) =>
  unwrap(api.GET('/notification/{id}', { params: { path: { id } } }));

/** One notification; silent, as the page shows its own not-found and error states. */
export const notificationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: () => getNotification(id),
    meta: { silentErrors: true },
  });
