import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '../hooks/use-booking-mutation';

export type CreateBookingInput = components['schemas']['CreateInput'];

/** Create a booking; `key` is the Idempotency-Key, the same for a resend of the same booking. */
export const createBooking = ({ key, ...body }: CreateBookingInput & { key: string }) =>
  unwrap(api.POST('/booking', { body, params: { header: { 'Idempotency-Key': key } } }));

export const useCreateBooking = () => useBookingMutation(createBooking);
