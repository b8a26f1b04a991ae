import { describe, expect, it } from 'vitest';
import { addDays } from '@/features/bookings';
import {
  daysBetween,
  pickerBounds,
  rangeTooLong,
  searchMessages,
  withEnd,
  withStart,
} from './date-range';

const empty = { startDate: '', endDate: '' };

describe('the advanced search date range (spec part 1 §5)', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-02-28', 31)).toBe('2026-03-31');
    expect(daysBetween('2026-12-03', '2026-12-07')).toBe(4);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // across the clock change
  });

  it('a start after the end clears the end', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withStart(r, '2026-12-08')).toEqual({ startDate: '2026-12-08', endDate: '' });
    expect(withStart(r, '2026-12-07')).toEqual({ startDate: '2026-12-07', endDate: '2026-12-07' });
    expect(withStart(r, '2026-12-01')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-07' });
    expect(withStart(empty, '2026-12-01')).toEqual({ startDate: '2026-12-01', endDate: '' });
  });

  it('an end before the start clears the start', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withEnd(r, '2026-12-02')).toEqual({ startDate: '', endDate: '2026-12-02' });
    expect(withEnd(r, '2026-12-03')).toEqual({ startDate: '2026-12-03', endDate: '2026-12-03' });
    expect(withEnd(empty, '2026-12-02')).toEqual({ startDate: '', endDate: '2026-12-02' });
  });

  it('clearing a date clears only that date', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withStart(r, '')).toEqual({ startDate: '', endDate: '2026-12-07' });
    expect(withEnd(r, '')).toEqual({ startDate: '2026-12-03', endDate: '' });
  });

  it('at most 31 days: 31 days after the start is allowed, 32 is not', () => {
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '2027-01-01' })).toBe(false);
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '2027-01-02' })).toBe(true);
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '' })).toBe(false);
  });

  it("over 31 days says 'Enter Valid Date' / 'Date range cannot exceed 31 days.'", () => {
    expect(searchMessages.rangeTooLong).toMatchObject({
      title: 'Enter Valid Date',
      message: 'Date range cannot exceed 31 days.',
      kind: 'error',
    });
  });

  it('the start from today; the end from the start to 31 days after it', () => {
    expect(pickerBounds(empty, '2026-11-25')).toEqual({
      startMin: '2026-11-25',
      endMin: '2026-11-25',
      endMax: undefined,
    });
    expect(pickerBounds({ startDate: '2026-12-03', endDate: '' }, '2026-11-25')).toEqual({
      startMin: '2026-11-25',
      endMin: '2026-12-03',
      endMax: '2027-01-03',
    });
  });
});
