import { describe, expect, it } from 'vitest';
import {
  listedRows,
  placementRows,
  MAX_BOOKING_DATES,
  bookingFormMessages,
  bookingPayload,
  editBookingPayload,
  initialBookingValues,
  pastDates,
  validateBooking,
  validateEditBooking,
  amendInitialValues,
  amendMessages,
  amendPayload,
  differentPeriods,
  validateAmend,
  wireTime,
} from './rules';
import { bookingFixture, instructionFixture, placementFixture } from './fixtures.test-data';
import { addDays } from '../calendar/rules';

describe('placementRows', () => {
  it('lists what the placement group display rule shows, coloured by the placement', () => {
    const booking = bookingFixture({
      placements: [
        placementFixture({
          instructions: [
            instructionFixture({ id: 1, supplierStatus: 'cancelled', clientStatus: 'accepted' }),
            instructionFixture({ id: 2, supplierStatus: 'accepted', clientStatus: 'accepted' }),
          ],
        }),
      ],
    });
    const rows = placementRows(booking);
    expect(rows).toHaveLength(2);
    const { rows: listed, left } = listedRows(rows);
    expect(listed.map((r) => r.instruction?.id)).toEqual([2]);
    expect(left).toBe(1);
    expect(listed[0]?.display?.group).toBe('green');
  });

  it('marks the substituted person of a substitution', () => {
    const booking = bookingFixture({
      placements: [
        placementFixture({
          instructions: [
            instructionFixture({ id: 1, supplierStatus: 'cancelled', clientStatus: 'accepted' }),
            instructionFixture({
              id: 2,
              userId: 8,
              supplierStatus: 'awaiting_response',
              clientStatus: 'accepted',
              substitutionOfId: 1,
            }),
          ],
        }),
      ],
    });
    const { rows, left } = listedRows(placementRows(booking));
    expect(left).toBe(0);
    const byId = new Map(rows.map((r) => [r.instruction?.id, r.display]));
    expect(byId.get(1)).toEqual({ shown: true, group: 'orange', substituted: true });
    expect(byId.get(2)).toEqual({ shown: true, group: 'orange', substituted: false });
  });
});

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

const placement = placementFixture;

const valid = amendInitialValues([placement()]);

describe('amend placements form', () => {
  it('starts from the first placement', () => {
    expect(valid).toEqual({
      title: 'Camera',
      startTime: '09:00',
      endTime: '17:00',
      supplierNotes: 'Bring boots',
      unpaidBreaks: 30,
    });
    expect(validateAmend(valid)).toEqual({});
  });

  it('requires title, start, end and unpaid breaks', () => {
    expect(
      validateAmend({
        title: ' ',
        startTime: '',
        endTime: '',
        supplierNotes: '',
        unpaidBreaks: '',
      }),
    ).toEqual({
      title: amendMessages.titleRequired,
      startTime: amendMessages.time,
      endTime: amendMessages.time,
      unpaidBreaks: amendMessages.breaksRequired,
    });
  });

  it('takes times as HH:mm only', () => {
    expect(validateAmend({ ...valid, startTime: '9:00', endTime: '24:00' })).toEqual({
      startTime: amendMessages.time,
      endTime: amendMessages.time,
    });
    expect(validateAmend({ ...valid, startTime: '23:30', endTime: '06:00' })).toEqual({});
  });

  it('refuses negative or fractional breaks', () => {
    expect(validateAmend({ ...valid, unpaidBreaks: -5 }).unpaidBreaks).toBe(
      amendMessages.breaksNegative,
    );
    expect(validateAmend({ ...valid, unpaidBreaks: 2.5 }).unpaidBreaks).toBe(
      amendMessages.breaksNegative,
    );
    expect(validateAmend({ ...valid, unpaidBreaks: 0 })).toEqual({});
  });

  it('sends the times as HH:mm:00 with each placement and its revision', () => {
    const body = amendPayload([placement(), placement({ id: 2, revision: 5 })], {
      ...valid,
      title: ' Camera 2 ',
      startTime: '08:30',
      unpaidBreaks: '45',
    });
    expect(body).toEqual([
      {
        id: 1,
        revision: 2,
        title: 'Camera 2',
        startTime: '08:30:00',
        endTime: '17:00:00',
        supplierNotes: 'Bring boots',
        unpaidBreaks: 45,
      },
      expect.objectContaining({ id: 2, revision: 5, startTime: '08:30:00' }),
    ]);
    expect(wireTime('08:30:00')).toBe('08:30:00');
  });

  it('tells when the selected placements have different periods', () => {
    expect(differentPeriods([placement(), placement({ id: 2 })])).toBe(false);
    expect(differentPeriods([placement(), placement({ id: 2, endTime: '18:00' })])).toBe(true);
  });
});
