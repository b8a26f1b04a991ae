import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

export type StartWaterfallBody = components['schemas']['StartWaterfallInput'];

/** Starts offering a placement to ranked candidates in turn. */
export const useStartWaterfall = () =>
  useBookingMutation(({ bookingId, ...body }: StartWaterfallBody & { bookingId: number }) =>
    unwrap(api.POST('/booking/{id}/waterfall', { params: { path: { id: bookingId } }, body })),
  );
