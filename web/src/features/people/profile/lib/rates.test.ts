import { describe, expect, it } from 'vitest';
import { hourlyRate, validateOptionalAmount } from './rates';

describe('rates', () => {
  it('shows day rate / 8 to 2 decimals', () => {
    expect(hourlyRate('350')).toBe('43.75');
    expect(hourlyRate('100.5')).toBe('12.56');
    expect(hourlyRate('abc')).toBe('');
  });
  it('validates amounts', () => {
    expect(validateOptionalAmount('')).toBeNull();
    expect(validateOptionalAmount('12.34')).toBeNull();
    expect(validateOptionalAmount('12.345')).toBe('Invalid amount');
    expect(validateOptionalAmount('-1')).toBe('Invalid amount');
  });
});
