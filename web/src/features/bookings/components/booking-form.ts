import { today, type SelectionMode } from './calendar-selection';

/** The create booking form's values and rules (spec part 2 §2 'Booking create page'). */
export interface BookingFormValues {
  jobTemplateId: string | null;
  title: string;
  reference: string;
  type: BookingType;
  direct: boolean;
  substitutionAllowed: boolean;
  ir35: boolean;
  placementTemplateIds: string[];
  /** The calendar's selection mode, sent as periodType. */
  periodType: SelectionMode;
  dates: string[];
}

export type BookingType = 'default' | 'pre_confirmed';

/** The booking types as the forms show them (spec part 2 §1). */
export const bookingTypeOptions: { value: BookingType; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'pre_confirmed', label: 'Pre-confirmed' },
];

export const bookingTypeLabel = (type: string) =>
  bookingTypeOptions.find((o) => o.value === type)?.label ?? type;

/** At most this many dates in one booking (the bookings contract: 1..366). */
export const MAX_BOOKING_DATES = 366;

export const bookingFormMessages = {
  jobTemplateRequired: 'Choose a job template.',
  datesRequired: 'Choose at least one date on the calendar.',
  tooManyDates: `Choose at most ${MAX_BOOKING_DATES} dates.`,
  placementsRequired: 'Choose at least one placement template.',
  titleRequired: 'Title is required.',
  pastDates: 'These dates are in the past:',
} as const;

/**
 * The chosen dates already gone (before today in the browser's calendar), in order: the form
 * asks before booking them. The server takes them (recording past work is legitimate), so this
 * is a warning, not a rule the API enforces.
 */
export function pastDates(dates: readonly string[], now: Date = new Date()): string[] {
  const t = today(now);
  return [...new Set(dates)].filter((d) => d < t).sort();
}

export const initialBookingValues: BookingFormValues = {
  jobTemplateId: null,
  title: '',
  reference: '',
  type: 'default',
  direct: false,
  substitutionAllowed: false,
  ir35: false,
  placementTemplateIds: [],
  periodType: 'range',
  dates: [],
};

export function validateBooking(
  v: BookingFormValues,
): Partial<Record<keyof BookingFormValues, string>> {
  const errors: Partial<Record<keyof BookingFormValues, string>> = {};
  if (!v.jobTemplateId) errors.jobTemplateId = bookingFormMessages.jobTemplateRequired;
  if (v.dates.length === 0) errors.dates = bookingFormMessages.datesRequired;
  if (v.dates.length > MAX_BOOKING_DATES) errors.dates = bookingFormMessages.tooManyDates;
  if (v.jobTemplateId && v.placementTemplateIds.length === 0) {
    errors.placementTemplateIds = bookingFormMessages.placementsRequired;
  }
  return errors;
}

/**
 * The createBooking payload: the chosen dates in order, type and periodType; never startDate or
 * endDate (spec part 2 §2). A blank title lets the server take the job template's.
 */
export function bookingPayload(v: BookingFormValues) {
  return {
    jobTemplateId: Number(v.jobTemplateId),
    title: v.title.trim() || undefined,
    reference: v.reference.trim() || undefined,
    type: v.type,
    direct: v.direct,
    substitutionAllowed: v.substitutionAllowed,
    ir35: v.ir35,
    periodType: v.periodType,
    dates: [...new Set(v.dates)].sort(),
    placementTemplateIds: v.placementTemplateIds.map(Number),
  };
}

/** The Edit Booking section's values: what PATCH /booking/{id} may change. */
export interface EditBookingValues {
  title: string;
  reference: string;
  ir35: boolean;
  substitutionAllowed: boolean;
}

export function validateEditBooking(
  v: EditBookingValues,
): Partial<Record<keyof EditBookingValues, string>> {
  return v.title.trim() ? {} : { title: bookingFormMessages.titleRequired };
}

/** PATCH /booking/{id}: the version read and the editable fields (type and template never). */
export function editBookingPayload(v: EditBookingValues, version: number) {
  return {
    version,
    title: v.title.trim(),
    reference: v.reference.trim(),
    ir35: v.ir35,
    substitutionAllowed: v.substitutionAllowed,
  };
}
