import { api, unwrap } from '@/api/client';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

/** Records a manager's justified override of the working-time guard for one instruction. */
export const overrideWorkingTime = (a: { id: number; reason: string }) =>
  unwrap(
    api.POST('/instruction/{id}/working-time-override', {
      params: { path: { id: a.id } },
      body: { reason: a.reason },
    }),
  );

export const useOverrideWorkingTime = () => useBookingMutation(overrideWorkingTime);
