import { api, unwrap } from '@/api/client';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

/** Saves the order of a waterfall's waiting candidates at the version read. */
export const useReorderWaterfall = () =>
  useBookingMutation((a: { id: number; userIds: number[]; version: number }) =>
    unwrap(
      api.PUT('/waterfall/{id}/order', {
        params: { path: { id: a.id } },
        body: { userIds: a.userIds, version: a.version },
      }),
    ),
  );
