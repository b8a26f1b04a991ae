import { api, unwrap } from '@/api/client';
import { queryShownInPlace } from '@/lib/errors/retry';
import { notificationKeys } from '@/lib/query-keys';

/** One notification; the page shows its own not-found and error states. */
export const notificationQueryOptions = (id: number) =>
  queryShownInPlace(notificationKeys.detail(id), () =>
    unwrap(api.GET('/notification/{id}', { params: { path: { id } } })),
  );
