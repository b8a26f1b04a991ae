import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';
import { isMoving, WATERFALL_POLL_MS } from '../rules';

/** A booking's waterfalls, newest first, polled while one of them is moving. */
export function useWaterfalls(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.waterfalls(bookingId),
    queryFn: () =>
      unwrap(api.GET('/booking/{id}/waterfalls', { params: { path: { id: bookingId } } })),
    ...failureShownInPlace,
    refetchInterval: (query) =>
      (query.state.data?.items ?? []).some(isMoving) ? WATERFALL_POLL_MS : false,
  });
}
