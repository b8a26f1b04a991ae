import { api, unwrap } from '@/api/client';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';
import type { StatusItem } from '../rules';

/** Changes the statuses of some instructions, each at the version read. */
export const updateStatuses = (items: StatusItem[]) =>
  unwrap(api.PATCH('/instruction/status', { body: items }));

export const useUpdateStatuses = () => useBookingMutation(updateStatuses);
