import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import { bookingRulesKey, type BookingRulesUpdate } from './get-booking-rules';

/** Saves an entity's booking rules with the version read; the form shows the refusal. */
export const useSaveBookingRules = (id: number) =>
  useFormMutation(
    (body: BookingRulesUpdate) =>
      unwrap(api.PUT('/entity/{id}/booking-rules', { params: { path: { id } }, body })),
    { store: () => bookingRulesKey(id), refresh: [] },
  );
