import { describe, expect, it } from 'vitest';
import { formatRate } from './format';
import { NO_RATE, defaultRate, sellRateLabel } from './rates';

describe('rates', () => {
  it("reads 'n/a' where there is no rate (spec part 1, rate display)", () => {
    expect(NO_RATE).toBe('n/a');
    expect(formatRate(null)).toBe('n/a');
    expect(formatRate(undefined)).toBe('n/a');
  });

  it('writes a rate as rate, currency, period', () => {
    expect(formatRate(defaultRate())).toBe('0.00 GBP / day');
    expect(formatRate({ rate: 95, currency: 'USD', period: 'hour' })).toBe('95.00 USD / hour');
  });

  it("labels the sell rate 'Sell Rate' for administrators, 'Chargeable Rate' for others", () => {
    expect(sellRateLabel(true)).toBe('Sell Rate');
    expect(sellRateLabel(false)).toBe('Chargeable Rate');
  });
});
