import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

/** Sets or clears the answer-by deadline of some instructions. */
export const setAnswerBy = (body: components['schemas']['AnswerByBody']) =>
  unwrap(api.PATCH('/instruction/answer-by', { body }));

export const useSetAnswerBy = () => useBookingMutation(setAnswerBy);
