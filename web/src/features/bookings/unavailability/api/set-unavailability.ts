import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unavailabilityKeys } from '@/lib/query-keys';
import { clearUnavailable } from './clear-unavailable';
import { unavailabilityQueryOptions } from './get-unavailability';
import { markUnavailable } from './mark-unavailable';

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
