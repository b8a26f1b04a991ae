/** Rates as the product knows them (spec part 2 §3, §6, §9): currencies, periods, labels. */

export const CURRENCIES = ['GBP', 'EUR', 'USD', 'AUD'] as const;
export const PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

export type Currency = (typeof CURRENCIES)[number];
export type Period = (typeof PERIODS)[number];

export interface RateValue {
  rate: number;
  currency: string;
  period: string;
}

/** What shows where a rate is absent (spec part 1, rate display: "'n/a' when there is no rate"). */
export const NO_RATE = 'n/a';

/** A new placement's rate: 0 a day in GBP. */
export const defaultRate = (): RateValue => ({ rate: 0, currency: 'GBP', period: 'day' });

/** Administrators see the sell rate as 'Sell Rate', everyone else as 'Chargeable Rate' (§6). */
export const sellRateLabel = (admin: boolean) => (admin ? 'Sell Rate' : 'Chargeable Rate');
