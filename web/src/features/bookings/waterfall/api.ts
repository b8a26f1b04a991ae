import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';
import { useBookingMutation } from '../api/bookings';

export type Waterfall = components['schemas']['WaterfallView'];
export type WaterfallCandidate = NonNullable<Waterfall['candidates']>[number];
export type StartWaterfallBody = components['schemas']['StartWaterfallInput'];
export type WaterfallAction = components['schemas']['WaterfallActionInput']['action'];

/** How often the panel asks again while a waterfall may still move (no push channel). */
export const WATERFALL_POLL_MS = 5000;

/** A waterfall that can still change without the manager: running, or paused with offers open. */
export const isMoving = (w: Waterfall) =>
  w.state === 'running' || (w.state === 'paused' && w.open > 0);

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

export const useStartWaterfall = () =>
  useBookingMutation(({ bookingId, ...body }: StartWaterfallBody & { bookingId: number }) =>
    unwrap(api.POST('/booking/{id}/waterfall', { params: { path: { id: bookingId } }, body })),
  );

export const useControlWaterfall = () =>
  useBookingMutation((a: { id: number; action: WaterfallAction; version: number }) =>
    unwrap(
      api.PATCH('/waterfall/{id}', {
        params: { path: { id: a.id } },
        body: { action: a.action, version: a.version },
      }),
    ),
  );

export const useReorderWaterfall = () =>
  useBookingMutation((a: { id: number; userIds: number[]; version: number }) =>
    unwrap(
      api.PUT('/waterfall/{id}/order', {
        params: { path: { id: a.id } },
        body: { userIds: a.userIds, version: a.version },
      }),
    ),
  );

export const useAddWaterfallCandidates = () =>
  useBookingMutation((a: { id: number; userIds: number[]; version: number }) =>
    unwrap(
      api.POST('/waterfall/{id}/candidates', {
        params: { path: { id: a.id } },
        body: { userIds: a.userIds, version: a.version },
      }),
    ),
  );

/** Moves the item at index one place up (-1) or down (+1); out of range leaves the list as is. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  next.splice(to, 0, ...next.splice(index, 1));
  return next;
}
