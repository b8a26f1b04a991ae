import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { calendarLabels } from '@/ui/calendar-labels';
import { bookingQueryOptions } from '@/features/bookings/booking/api/get-booking';
import type { Booking } from '@/features/bookings/booking/rules';

/** Mantine's value: a local 'YYYY-MM-DD HH:mm:ss', or null for none. */
export type AnswerByValue = string | null;

const LOCAL = 'YYYY-MM-DD HH:mm:ss';

/** The instant sent to the server for a picked local time (undefined: none). */
export const answerByInstant = (v: AnswerByValue): string | undefined =>
  v ? dayjs(v).toISOString() : undefined;

/**
 * Whether the booking's new instructions wait for the freelancer's answer, so an answer-by time
 * means something: not a direct or pre-confirmed booking, whose instructions start accepted
 * (Go: status.Initial; the server refuses the time for them).
 */
export const offersAwaitAnswer = (b: Pick<Booking, 'type' | 'direct'>) =>
  !b.direct && b.type !== 'pre_confirmed';

/** Whether booking bookingId's offers wait for an answer; false until the booking is read. */
export function useOffersAwaitAnswer(bookingId: number) {
  const booking = useQuery(bookingQueryOptions(bookingId));
  return !!booking.data && offersAwaitAnswer(booking.data);
}

/** Quick choices, from now: the usual deadlines for an offer. */
export const answerByPresets = (now = dayjs()) =>
  [
    { label: 'In 2 hours', value: now.add(2, 'hour') },
    { label: 'In 1 day', value: now.add(1, 'day') },
    { label: 'In 3 days', value: now.add(3, 'day') },
  ].map((p) => ({ label: p.label, value: p.value.second(0).format(LOCAL) }));

/**
 * The Invite dialog's optional "Answer by": when the offer expires unanswered (cancelled with
 * "Offer expired"; the freelancer is reminded before). Shown only for bookings whose offers
 * wait for an answer. Times are the viewer's own; the server checks it is in the future and not
 * after the placement's start, and the dialog shows its refusal.
 */
export function AnswerByField({
  bookingId,
  value,
  onChange,
}: {
  bookingId: number;
  value: AnswerByValue;
  onChange: (v: AnswerByValue) => void;
}) {
  if (!useOffersAwaitAnswer(bookingId)) return null;
  return <AnswerByPicker value={value} onChange={onChange} />;
}

/** The picker alone, for the dialogs that set an answer-by time. */
export function AnswerByPicker({
  value,
  onChange,
  label = 'Answer by',
}: {
  value: AnswerByValue;
  onChange: (v: AnswerByValue) => void;
  label?: string;
}) {
  return (
    <DateTimePicker
      label={label}
      description="Optional. Unanswered by then, the offer expires; the freelancer is reminded before. Your local time."
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the answer-by time' }}
      ariaLabels={calendarLabels}
      minDate={dayjs().format(LOCAL)}
      presets={answerByPresets()}
      valueFormat="ddd, DD MMM YYYY HH:mm"
      value={value}
      onChange={(v) => onChange(v || null)}
      submitButtonProps={{ 'aria-label': 'Set the answer-by time' }}
    />
  );
}
