import { describe, expect, it } from 'vitest';
import {
  bookingFormMessages,
  bookingPayload,
  initialBookingValues,
  validateBooking,
} from './booking-form';

describe('create booking form', () => {
  it('needs a job template and at least one date', () => {
    expect(validateBooking(initialBookingValues)).toEqual({
      jobTemplateId: bookingFormMessages.jobTemplateRequired,
      dates: bookingFormMessages.datesRequired,
    });
  });

  it('sends sorted dates, the custom period type and no start or end date', () => {
    const payload = bookingPayload({
      ...initialBookingValues,
      jobTemplateId: '4',
      title: '  ',
      dates: ['2026-12-03', '2026-12-01'],
      placementTemplateIds: ['7'],
    });
    expect(payload).toMatchObject({
      jobTemplateId: 4,
      dates: ['2026-12-01', '2026-12-03'],
      periodType: 'custom',
    });
    expect(payload.title).toBeUndefined();
    expect(payload).not.toHaveProperty('startDate');
    expect(payload).not.toHaveProperty('endDate');
  });
});
