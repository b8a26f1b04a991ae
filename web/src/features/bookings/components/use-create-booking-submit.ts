import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCreateBooking } from '../api/bookings';
import { bookingPayload, type BookingFormValues } from './booking-form';

/**
 * Submitting the create-booking form (the bookings page and the scheduler's Create tab): create,
 * say how many placements were made and open the booking; a refusal goes to the form's fields.
 * Freelancers carried from search's or the profile's Book (`invite`) go along to the booking's
 * page, to be ticked when the manager invites.
 */
export function useCreateBookingSubmit(
  form: UseFormReturnType<BookingFormValues>,
  invite: readonly number[] = [],
) {
  const navigate = useNavigate();
  const create = useCreateBooking();
  const submit = form.onSubmit(async (values) => {
    try {
      const booking = await create.mutateAsync(bookingPayload(values));
      notify(toasts.bookingCreated(booking.placements?.length ?? 0));
      await navigate(paths.editBookingInviting(booking.id, invite));
    } catch (err) {
      notify(applyServerErrors(form, err));
    }
  });
  return { submit, pending: create.isPending };
}
