import { describe, expect, it } from 'vitest';
import {
  amendInitialValues,
  amendMessages,
  amendPayload,
  differentPeriods,
  validateAmend,
  wireTime,
} from './amend-placements';
import { placementFixture } from './fixtures.test-data';

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
