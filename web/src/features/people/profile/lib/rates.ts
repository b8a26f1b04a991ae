/** Digits with an optional one or two decimals (spec part 1 §5). */
export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export const rateMessages = { invalidAmount: 'Invalid amount' } as const;

/** An optional amount: empty is fine, otherwise digits with up to two decimals. */
export function validateOptionalAmount(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return AMOUNT_PATTERN.test(v) ? null : rateMessages.invalidAmount;
}

/** The hourly rate shown next to a day rate: day rate / 8 to 2 decimals; '' when not a rate. */
export function hourlyRate(dayRate: string): string {
  const v = dayRate.trim();
  if (!AMOUNT_PATTERN.test(v)) return '';
  return (Number(v) / 8).toFixed(2);
}
