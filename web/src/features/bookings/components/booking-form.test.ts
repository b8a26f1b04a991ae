import { describe, expect, it } from 'vitest';
import {
  MAX_BOOKING_DATES,
  bookingFormMessages,
  bookingPayload,
  editBookingPayload,
  initialBookingValues,
  pastDates,
  validateBooking,
  validateEditBooking,
} from './booking-form';
import { addDays } from './calendar-selection';

describe('create booking form', () => {
  it('needs a job template and at least one date', () => {
    expect(validateBooking(initialBookingValues)).toEqual({
      jobTemplateId: bookingFormMessages.jobTemplateRequired,
      dates: bookingFormMessages.datesRequired,
    });
  });

  it('needs a placement template once a job template is chosen', () => {
    expect(
      validateBooking({ ...initialBookingValues, jobTemplateId: '4', dates: ['2026-12-01'] }),
    ).toEqual({ placementTemplateIds: bookingFormMessages.placementsRequired });
  });

  it('accepts a template, a placement template and a date', () => {
    expect(
      validateBooking({
        ...initialBookingValues,
        jobTemplateId: '4',
        placementTemplateIds: ['7'],
        dates: ['2026-12-01'],
      }),
    ).toEqual({});
  });

  it('refuses more dates than a booking holds', () => {
    const dates = Array.from({ length: MAX_BOOKING_DATES + 1 }, (_, i) => addDays('2026-01-01', i));
    expect(
      validateBooking({
        ...initialBookingValues,
        jobTemplateId: '4',
        placementTemplateIds: ['7'],
        dates,
      }).dates,
    ).toBe(bookingFormMessages.tooManyDates);
  });

  it('sends sorted dates, type and periodType and no start or end date', () => {
    const payload = bookingPayload({
      ...initialBookingValues,
      jobTemplateId: '4',
      title: '  ',
      type: 'pre_confirmed',
      periodType: 'custom',
      dates: ['2026-12-03', '2026-12-01', '2026-12-03'],
      placementTemplateIds: ['7'],
    });
    expect(payload).toMatchObject({
      jobTemplateId: 4,
      type: 'pre_confirmed',
      dates: ['2026-12-01', '2026-12-03'],
      periodType: 'custom',
      placementTemplateIds: [7],
    });
    expect(payload.title).toBeUndefined();
    expect(payload).not.toHaveProperty('startDate');
    expect(payload).not.toHaveProperty('endDate');
  });
});

describe('edit booking form', () => {
  const values = { title: ' Final ', reference: 'R1', ir35: true, substitutionAllowed: false };

  it('needs a title', () => {
    expect(validateEditBooking({ ...values, title: ' ' })).toEqual({
      title: bookingFormMessages.titleRequired,
    });
    expect(validateEditBooking(values)).toEqual({});
  });

  it('sends the version read and never the type or the job template', () => {
    const body = editBookingPayload(values, 3);
    expect(body).toEqual({
      version: 3,
      title: 'Final',
      reference: 'R1',
      ir35: true,
      substitutionAllowed: false,
    });
  });
});

describe('pastDates', () => {
  it('lists the chosen dates before today, once each and in order; today is not past', () => {
    const now = new Date(2026, 10, 5, 0, 30); // just after midnight on 5 November
    expect(
      pastDates(['2026-11-06', '2026-11-04', '2026-11-05', '2026-10-31', '2026-11-04'], now),
    ).toEqual(['2026-10-31', '2026-11-04']);
    expect(pastDates(['2026-11-05', '2027-01-01'], now)).toEqual([]);
  });
});
