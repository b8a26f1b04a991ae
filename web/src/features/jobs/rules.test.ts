import { describe, expect, it } from 'vitest';
import {
  canCustomiseRates,
  isOvernight,
  messages,
  requiredTitle,
  validBreaks,
  validRate,
  validTime,
} from './rules';

describe('job template form rules', () => {
  it('requires a title', () => {
    expect(requiredTitle('  ')).toBe(messages.titleRequired);
    expect(requiredTitle('Camera')).toBeNull();
  });
  it('accepts HH:mm and HH:mm:00 only', () => {
    expect(validTime('08:00')).toBeNull();
    expect(validTime('23:59:00')).toBeNull();
    expect(validTime('8:00')).toBe(messages.time);
    expect(validTime('24:00')).toBe(messages.time);
  });
  it('refuses negative breaks and rates', () => {
    expect(validBreaks(0)).toBeNull();
    expect(validBreaks(-1)).toBe(messages.breaks);
    expect(validRate(250.5)).toBeNull();
    expect(validRate(-0.01)).toBe(messages.rate);
  });
  it('marks an end at or before the start overnight', () => {
    expect(isOvernight('22:00', '06:00')).toBe(true);
    expect(isOvernight('08:00', '18:00')).toBe(false);
  });
  it('customises rates only after saving', () => {
    expect(canCustomiseRates(undefined)).toBe(false);
    expect(canCustomiseRates(7)).toBe(true);
  });
});
