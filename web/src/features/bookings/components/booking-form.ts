/** The create booking form's values and rules (spec part 2 §2 'Booking create page'). */
export interface BookingFormValues {
  jobTemplateId: string | null;
  title: string;
  reference: string;
  type: 'default' | 'pre_confirmed';
  direct: boolean;
  substitutionAllowed: boolean;
  ir35: boolean;
  placementTemplateIds: string[];
  dates: string[];
}

export const bookingFormMessages = {
  jobTemplateRequired: 'Choose a job template',
  datesRequired: 'Choose at least one date on the calendar',
  placementsRequired: 'Choose at least one placement template',
} as const;

export const initialBookingValues: BookingFormValues = {
  jobTemplateId: null,
  title: '',
  reference: '',
  type: 'default',
  direct: false,
  substitutionAllowed: false,
  ir35: false,
  placementTemplateIds: [],
  dates: [],
};

export function validateBooking(
  v: BookingFormValues,
): Partial<Record<keyof BookingFormValues, string>> {
  const errors: Partial<Record<keyof BookingFormValues, string>> = {};
  if (!v.jobTemplateId) errors.jobTemplateId = bookingFormMessages.jobTemplateRequired;
  if (v.dates.length === 0) errors.dates = bookingFormMessages.datesRequired;
  if (v.jobTemplateId && v.placementTemplateIds.length === 0) {
    errors.placementTemplateIds = bookingFormMessages.placementsRequired;
  }
  return errors;
}

/** The createBooking payload: the chosen dates in order, custom period type (no start or end date). */
export function bookingPayload(v: BookingFormValues) {
  return {
    jobTemplateId: Number(v.jobTemplateId),
    title: v.title.trim() || undefined,
    reference: v.reference.trim() || undefined,
    type: v.type,
    direct: v.direct,
    substitutionAllowed: v.substitutionAllowed,
    ir35: v.ir35,
    periodType: 'custom' as const,
    dates: [...v.dates].sort(),
    placementTemplateIds: v.placementTemplateIds.map(Number),
  };
}
