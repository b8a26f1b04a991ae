/**
 * What the scheduler reuses from other features, in one place (spec part 2 §2 asks for one
 * calendar, one colour rule and one create-booking form; the pickers' searches are shared code
 * already, src/lib/pickers). This is the only file of the scheduler that reaches into another
 * feature; moving these modules to shared code (src/lib, src/ui) changes only these lines.
 */
/* eslint-disable no-restricted-imports -- the reuse described above */
export * from '@/features/bookings/components/calendar-selection';
export { MonthCalendar } from '@/features/bookings/components/month-calendar';
export { JobTemplateSelect } from '@/features/bookings/components/job-template-select';
export {
  jobBriefsQueryOptions,
  jobTemplateQueryOptions,
  useCreateBooking,
} from '@/features/bookings/api/bookings';
export {
  bookingPayload,
  bookingTypeOptions,
  initialBookingValues,
  validateBooking,
  type BookingFormValues,
} from '@/features/bookings/components/booking-form';
export { useSetUnavailability } from '@/features/bookings/instructions/unavailability-api';
/* eslint-enable no-restricted-imports */
