import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

export type RateAmendment = components['schemas']['RateAmendmentInput'];

/** Changes the rates of some instructions. */
export const amendRates = (body: RateAmendment) => unwrap(api.PATCH('/instruction/rate', { body }));

export const useAmendRates = () => useBookingMutation(amendRates);
