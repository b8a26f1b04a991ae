import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCreateBooking } from '../api/create-booking';
import { bookingPayload, pastDates, type BookingFormValues } from '../rules';
import type { PastDatesConfirmation } from '@/features/bookings/calendar/components/past-dates-modal';

/**
 * Submitting the create-booking form (the bookings page and the scheduler's Create tab): create,
 * say how many placements were made and open the booking; a refusal goes to the form's fields.
 * When dates already gone are chosen, the form asks first: render PastDatesModal with
 * `confirmPast`.
 * Freelancers carried from search's or the profile's Book (`invite`) go along to the booking's
 * page, to be ticked when the manager invites.
 *
 * Sending the same booking again (after a lost answer or a refusal that made nothing) carries the
 * same Idempotency-Key, so the server makes at most one booking of it; a changed form gets a new key.
 */
export function useCreateBookingSubmit(
  form: UseFormReturnType<BookingFormValues>,
  invite: readonly number[] = [],
) {
  const navigate = useNavigate();
  const create = useCreateBooking();
  const [keys] = useState(() => new KeyPerPayload());
  const [asking, setAsking] = useState<{ dates: string[]; values: BookingFormValues } | null>(null);
  const send = async (values: BookingFormValues) => {
    const payload = bookingPayload(values);
    try {
      const booking = await create.mutateAsync({ ...payload, key: keys.for(payload) });
      notify(toasts.bookingCreated(booking.placements?.length ?? 0));
      await navigate(paths.editBookingInviting(booking.id, invite));
    } catch (err) {
      notify(applyServerErrors(form, err));
    }
  };
  // Dates already gone are booked only once the manager confirms them (PastDatesModal).
  const submit = form.onSubmit((values) => {
    const past = pastDates(values.dates);
    if (past.length > 0) setAsking({ dates: past, values });
    else void send(values);
  });
  const confirmPast: PastDatesConfirmation = {
    dates: asking?.dates ?? [],
    onConfirm: () => {
      if (asking) void send(asking.values);
      setAsking(null);
    },
    onBack: () => setAsking(null),
  };
  return { submit, pending: create.isPending, confirmPast };
}

/** One Idempotency-Key per payload: the payload sent last keeps its key, another gets a new one. */
class KeyPerPayload {
  private sent = '';
  private key = '';

  for(payload: unknown) {
    const sent = JSON.stringify(payload);
    if (sent !== this.sent) {
      this.sent = sent;
      this.key = randomKey();
    }
    return this.key;
  }
}

/** 128 random bits in hex (crypto.randomUUID exists in secure contexts only; this works on plain http too). */
function randomKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}
