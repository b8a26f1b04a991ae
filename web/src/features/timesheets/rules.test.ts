import { describe, expect, it } from 'vitest';
import { makeTimesheet } from '@/test/timesheets.test-data';
import {
  bodyOf,
  formFieldOf,
  formatMinor,
  formatMinutes,
  timesheetsBadge,
  valuesOf,
} from './rules';

describe('timesheet rules', () => {
  it('writes money from minor units with its currency, and worked time in hours and minutes', () => {
    expect(formatMinor(58750, 'GBP')).toBe('587.50 GBP');
    expect(formatMinor(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMinutes(750)).toBe('12 h 30 min');
    expect(formatMinutes(600)).toBe('10 h');
    expect(formatMinutes(45)).toBe('45 min');
  });

  it('sends expenses in minor units, keeping the ids of those that exist', () => {
    const t = makeTimesheet({
      expenses: [
        {
          id: 4,
          description: 'Taxi',
          amountMinor: 1250,
          currency: 'GBP',
          receiptName: '',
          receiptType: '',
          receiptSize: 0,
        },
      ],
    });
    const v = valuesOf(t);
    expect(v.expenses[0]!.amount).toBe(12.5);
    v.expenses.push({ id: 0, description: 'Parking', amount: 3.1, currency: 'EUR' });
    expect(bodyOf(v, 3)).toEqual({
      startTime: '08:00',
      endTime: '20:00',
      breakMinutes: 60,
      note: '',
      expenses: [
        { id: 4, description: 'Taxi', amountMinor: 1250, currency: 'GBP' },
        { description: 'Parking', amountMinor: 310, currency: 'EUR' },
      ],
      version: 3,
    });
  });

  it("puts the server's expense refusals on the form's amount field", () => {
    expect(formFieldOf('expenses[2].amountMinor')).toBe('expenses.2.amount');
    expect(formFieldOf('endTime')).toBe('endTime');
  });

  it('badges the nav with what the timesheets ask, and nothing when nothing', () => {
    expect(timesheetsBadge({ timesheetActions: 2 })).toEqual({
      count: 2,
      label: '2 timesheets awaiting you',
    });
    expect(timesheetsBadge({ timesheetActions: 0 })).toBeNull();
  });
});
