import { Select, type SelectProps } from '@mantine/core';
import { CURRENCIES, PERIODS } from '@/lib/rates';

// A rate always has a currency and a period: choosing the chosen one again keeps it.

/** The currency of a rate, one of CURRENCIES. */
export function CurrencySelect(props: Omit<SelectProps, 'data'>) {
  return <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...props} />;
}

/** The period of a rate, one of PERIODS. */
export function PeriodSelect(props: Omit<SelectProps, 'data'>) {
  return <Select label="Period" data={[...PERIODS]} allowDeselect={false} {...props} />;
}
