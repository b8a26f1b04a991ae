import { describe, expect, it } from 'vitest';
import { defaultPaidOn, formatMoney, statusColour, statusLabel, todayIso } from './rules';

describe('invoice rules', () => {
  it('writes minor units in the currency', () => {
    expect(formatMoney(123450, 'GBP')).toBe('GBP 1,234.50');
    expect(formatMoney(-1250, 'EUR')).toBe('EUR -12.50');
    expect(formatMoney(500, 'JPY')).toBe('JPY 500');
  });
  it('says overdue before issued, and colours agree', () => {
    const issued = { status: 'issued' as const, overdue: false, kind: 'invoice' as const };
    expect(statusLabel(issued)).toBe('Issued');
    expect(statusLabel({ ...issued, overdue: true })).toBe('Overdue');
    expect(statusColour({ ...issued, overdue: true })).toBe('red.9');
    expect(statusLabel({ ...issued, status: 'paid' })).toBe('Paid');
    expect(statusLabel({ ...issued, kind: 'credit_note' })).toBe('Credit note');
    expect(statusLabel({ ...issued, status: 'void' })).toBe('Void');
  });
  it('proposes today as the payment date, never before the issue date', () => {
    expect(defaultPaidOn('2027-03-01', '2027-03-05')).toBe('2027-03-05');
    expect(defaultPaidOn('2027-03-09', '2027-03-05')).toBe('2027-03-09');
  });
  it('gives today as a date', () => {
    expect(todayIso(new Date(2027, 2, 5, 23, 0))).toBe('2027-03-05');
  });
});
