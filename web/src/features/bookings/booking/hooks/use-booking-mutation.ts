import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '@/lib/query-keys';

/**
 * A booking change (of the booking, its placements or instructions): the page shows errors
 * itself; every booking query refreshes afterwards. Each api/ file of bookings' topics wraps its
 * call in it.
 */
export function useBookingMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
