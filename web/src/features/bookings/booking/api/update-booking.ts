import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '../hooks/use-booking-mutation';

export type UpdateBookingBody = components['schemas']['UpdateBookingInput'];

export const updateBooking = ({ id, ...body }: UpdateBookingBody & { id: number }) =>
  unwrap(api.PATCH('/booking/{id}', { params: { path: { id } }, body }));

export const useUpdateBooking = () => useBookingMutation(updateBooking);
