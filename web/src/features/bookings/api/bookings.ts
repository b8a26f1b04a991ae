import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { shouldRetry } from '@/lib/errors/retry';

export type CreateBookingInput = components['schemas']['CreateInput'];
export type UpdateBookingBody = components['schemas']['UpdateBookingInput'];
export type PlacementAmendment = components['schemas']['PlacementAmendment'];
export type CancelPlacementsBody = components['schemas']['CancelPlacementsInput'];

/** Every booking query key starts with ['booking']: a change refreshes the booking pages. */
const bookingKey = ['booking'] as const;

/** One booking; the page shows the spec's load failure itself. */
export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['booking', 'detail', id] as const,
    queryFn: () => unwrap(api.GET('/booking/{id}', { params: { path: { id } } })),
    retry: shouldRetry,
    meta: { silentErrors: true },
  });

/** The job templates the caller may book from. */
export const jobBriefsQueryOptions = () =>
  queryOptions({
    queryKey: ['job', 'brief'] as const,
    queryFn: () => unwrap(api.GET('/job/brief')),
    retry: shouldRetry,
    meta: { silentErrors: true },
  });

/** One job template's brief (its title on the booking page). */
export const jobBriefQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['job', 'brief', id] as const,
    queryFn: () => unwrap(api.GET('/job/{id}/brief', { params: { path: { id } } })),
    retry: shouldRetry,
    meta: { silentErrors: true },
  });

/** One job template with its placement templates. */
export const jobTemplateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['job', 'template', id] as const,
    queryFn: () => unwrap(api.GET('/job-template/{id}', { params: { path: { id } } })),
    retry: shouldRetry,
    meta: { silentErrors: true },
  });

export const createBooking = (body: CreateBookingInput) => unwrap(api.POST('/booking', { body }));

export const updateBooking = ({ id, ...body }: UpdateBookingBody & { id: number }) =>
  unwrap(api.PATCH('/booking/{id}', { params: { path: { id } }, body }));

export const amendPlacements = (body: PlacementAmendment[]) =>
  unwrap(api.PATCH('/placements', { body }));

export const cancelPlacements = (body: CancelPlacementsBody) =>
  unwrap(api.DELETE('/placements', { body }));

/** A booking change: the page shows errors itself; the booking pages refresh afterwards. */
function useBookingMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKey }),
  });
}

export const useCreateBooking = () => useBookingMutation(createBooking);
export const useUpdateBooking = () => useBookingMutation(updateBooking);
export const useAmendPlacements = () => useBookingMutation(amendPlacements);
export const useCancelPlacements = () => useBookingMutation(cancelPlacements);
