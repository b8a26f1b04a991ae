import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';

export type CreateBookingInput = components['schemas']['CreateInput'];
export type UpdateBookingBody = components['schemas']['UpdateBookingInput'];
export type PlacementAmendment = components['schemas']['PlacementAmendment'];
export type CancelPlacementsBody = components['schemas']['CancelPlacementsInput'];

/** One booking; the page shows the spec's load failure itself. */
export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: () => unwrap(api.GET('/booking/{id}', { params: { path: { id } } })),
    ...failureShownInPlace,
  });

/** Create a booking; `key` is the Idempotency-Key, the same for a resend of the same booking. */
export const createBooking = ({ key, ...body }: CreateBookingInput & { key: string }) =>
  unwrap(api.POST('/booking', { body, params: { header: { 'Idempotency-Key': key } } }));

export const updateBooking = ({ id, ...body }: UpdateBookingBody & { id: number }) =>
  unwrap(api.PATCH('/booking/{id}', { params: { path: { id } }, body }));

export const amendPlacements = (body: PlacementAmendment[]) =>
  unwrap(api.PATCH('/placements', { body }));

export const cancelPlacements = (body: CancelPlacementsBody) =>
  unwrap(api.DELETE('/placements', { body }));

/** A booking change: the page shows errors itself; every booking query refreshes afterwards. */
export function useBookingMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useCreateBooking = () => useBookingMutation(createBooking);
export const useUpdateBooking = () => useBookingMutation(updateBooking);
export const useAmendPlacements = () => useBookingMutation(amendPlacements);
export const useCancelPlacements = () => useBookingMutation(cancelPlacements);
