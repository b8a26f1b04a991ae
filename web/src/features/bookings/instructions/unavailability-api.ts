import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { unavailabilityKeys } from '@/lib/query-keys';

export type Unavailability = components['schemas']['Unavailability'];

/** One user's unavailable dates (GET /unavailability/{id}, the id is the user's). */
export const unavailabilityQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: unavailabilityKeys.ofUser(userId),
    queryFn: () => unwrap(api.GET('/unavailability/{id}', { params: { path: { id: userId } } })),
    ...failureShownInPlace,
  });

export const markUnavailable = (dates: string[]) =>
  unwrap(api.POST('/unavailability', { body: { dates } }));

export const clearUnavailable = (dates: string[]) =>
  unwrap(api.DELETE('/unavailability', { body: { dates } }));

/** Marks (unavailable) or clears (available) the caller's dates; stores the answer. */
export function useSetUnavailability(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dates, unavailable }: { dates: string[]; unavailable: boolean }) =>
      unavailable ? markUnavailable(dates) : clearUnavailable(dates),
    meta: { silentErrors: true },
    onSuccess: (u) => queryClient.setQueryData(unavailabilityQueryOptions(userId).queryKey, u),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unavailabilityKeys.all }),
  });
}
