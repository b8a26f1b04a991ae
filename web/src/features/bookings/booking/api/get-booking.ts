import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';

export const getBooking = (id: number) =>
  unwrap(api.GET('/booking/{id}', { params: { path: { id } } }));

/** One booking; the page shows the spec's load failure itself. */
export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: () => getBooking(id),
    ...failureShownInPlace,
  });
