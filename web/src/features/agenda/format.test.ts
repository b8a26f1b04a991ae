import { describe, expect, it } from 'vitest';
import { formatPeriod } from './format';

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
