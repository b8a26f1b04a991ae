import { api, unwrap } from '@/api/client';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

/** Adds candidates at the end of a waterfall at the version read. */
export const useAddWaterfallCandidates = () =>
  useBookingMutation((a: { id: number; userIds: number[]; version: number }) =>
    unwrap(
      api.POST('/waterfall/{id}/candidates', {
        params: { path: { id: a.id } },
        body: { userIds: a.userIds, version: a.version },
      }),
    ),
  );
