/**
 * The bookings feature's public entry: what other features may use. The scheduler reuses one
 * calendar, one colour rule and one create-booking form (spec part 2 §2). Other features import
 * from '@/features/bookings' only, never from a file inside it (eslint.config.js).
 */
export * from './components/calendar-selection';
export { MonthCalendar } from './components/month-calendar';
export { JobTemplateSelect } from './components/job-template-select';
export { useCreateBookingSubmit } from './components/use-create-booking-submit';
export { PastDatesModal } from './components/past-dates-modal';
export {
  bookingPayload,
  bookingTypeOptions,
  initialBookingValues,
  validateBooking,
  type BookingFormValues,
} from './components/booking-form';
export { useSetUnavailability } from './instructions/unavailability-api';
// Pencils (holds): the agenda and the scheduler show them as the booking page does.
export { HoldActions } from './holds/hold-actions';
export { HoldChip } from './holds/hold-chip';
export { holdLabel, isLiveHold } from './holds/rules';
