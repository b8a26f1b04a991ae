import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { shouldRetry } from '@/lib/errors/retry';

export type CreateBookingInput = components['schemas']['CreateInput'];

/** One booking; the page shows a 404 itself (BOOKING_LOAD_ERROR). */
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
  });

/** One job template with its placement templates. */
export const jobTemplateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['job', 'template', id] as const,
    queryFn: () => unwrap(api.GET('/job-template/{id}', { params: { path: { id } } })),
    retry: shouldRetry,
  });

/** Creates a booking; the form shows errors itself. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingInput) => unwrap(api.POST('/booking', { body })),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['booking'] }),
  });
}
