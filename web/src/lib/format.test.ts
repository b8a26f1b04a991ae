import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatAmount,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatPeriod,
  formatRate,
  formatTime,
} from './format';
import { defaultRate, sellRateLabel } from './rates';

describe('money and rates', () => {
  it('writes rate, currency and period, two decimals, en-GB grouping (spec part 1 §3)', () => {
    expect(formatRate({ rate: 250.5, currency: 'GBP', period: 'day' })).toBe('250.50 GBP / day');
    expect(formatRate({ rate: 1250, currency: 'EUR', period: 'hour' })).toBe('1,250.00 EUR / hour');
    expect(formatRate(null)).toBe('n/a');
    expect(formatAmount(0)).toBe('0.00');
  });

  it('names the sell rate by role and defaults rates', () => {
    expect(sellRateLabel(true)).toBe('Sell Rate');
    expect(sellRateLabel(false)).toBe('Chargeable Rate');
    expect(defaultRate()).toEqual({ rate: 0, currency: 'GBP', period: 'day' });
  });
});

describe('dates and times', () => {
  it('writes dates as the spec shows them (part 2 §9)', () => {
    expect(formatDateTime('2024-01-05T09:30:00Z', 'Europe/London')).toBe('Fri, 05 Jan 2024 09:30');
    expect(formatDateTimeSeconds('2024-09-05T09:30:07Z', 'UTC')).toBe('Thu, 05 Sep 2024 09:30:07');
    expect(formatTime('2024-01-05T00:05:00Z', 'UTC')).toBe('00:05');
    expect(formatDateTime('2024-01-05T09:30:00Z')).toMatch(/^Fri, 05 Jan 2024 \d\d:30$/);
  });

  it('reads a bare date as that calendar day in every zone', () => {
    expect(formatDate('2026-12-07')).toBe('Mon, 07 Dec 2026');
    expect(formatDate('2026-12-07', 'Pacific/Honolulu')).toBe('Mon, 07 Dec 2026');
  });
});

describe('formatPeriod', () => {
  it('writes a day placement in the given zone with the end time only', () => {
    const period = ['2026-12-07T14:00:00.000Z', '2026-12-07T22:00:00.000Z'];
    expect(formatPeriod(period, 'America/New_York')).toBe('Mon, 07 Dec 2026 09:00 – 17:00');
    expect(formatPeriod(period, 'Europe/London')).toBe('Mon, 07 Dec 2026 14:00 – 22:00');
  });

  it('writes the end date when the period crosses midnight in that zone', () => {
    const period = ['2026-12-07T22:00:00.000Z', '2026-12-08T06:00:00.000Z'];
    expect(formatPeriod(period, 'Europe/London')).toBe(
      'Mon, 07 Dec 2026 22:00 – Tue, 08 Dec 2026 06:00',
    );
    expect(formatPeriod(period, 'Asia/Tokyo')).toBe('Tue, 08 Dec 2026 07:00 – 15:00');
  });

  it('uses 00 for midnight and says nothing without a period', () => {
    expect(
      formatPeriod(['2026-07-01T23:00:00.000Z', '2026-07-02T07:00:00.000Z'], 'Europe/London'),
    ).toBe('Thu, 02 Jul 2026 00:00 – 08:00');
    expect(formatPeriod(null, 'Europe/London')).toBe('');
    expect(formatPeriod([], undefined)).toBe('');
  });
});

describe('counts', () => {
  it('is plural only when there is more than one (or none)', () => {
    expect(countOf(1, 'instruction')).toBe('1 instruction');
    expect(countOf(2, 'instruction')).toBe('2 instructions');
    expect(countOf(0, 'instruction')).toBe('0 instructions');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });
});
