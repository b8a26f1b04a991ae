/**
 * The bookings feature's public entry: what other features may use. The scheduler reuses one
 * calendar, one colour rule and one create-booking form (spec part 2 §2). Other features import
 * from '@/features/bookings' only, never from a file inside it (eslint.config.js).
 */
export * from './calendar/rules';
export { MonthCalendar } from './calendar/components/month-calendar';
export { JobTemplateSelect } from './booking/components/job-template-select';
export { useCreateBookingSubmit } from './booking/hooks/use-create-booking-submit';
export { PastDatesModal } from './calendar/components/past-dates-modal';
export {
  bookingPayload,
  bookingTypeOptions,
  initialBookingValues,
  validateBooking,
  type BookingFormValues,
} from './booking/rules';
export { useSetUnavailability } from './unavailability/api/set-unavailability';
// Pencils (holds): the agenda and the scheduler show them as the booking page does.
export { HoldActions } from './holds/components/hold-actions';
export { HoldChip } from './holds/components/hold-chip';
export { holdLabel, isLiveHold } from './holds/rules';
// A change to an accepted placement awaiting its freelancer's acknowledgement: the agenda and
// Home show it as the booking page does.
export { ChangeNotice } from './instructions/components/change-notice';
export { useAcknowledgeChanges } from './instructions/api/acknowledge-changes';
