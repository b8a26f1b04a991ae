import { Select } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { countryOptions, firstTimezoneOf, timezoneSelectData } from '@/lib/countries';

export interface CountryAndZone {
  country: string;
  timezone: string;
}

/** The part of a controlled @mantine/form form the selects read and write. */
interface CountryZoneForm {
  values: CountryAndZone;
  errors: Record<string, ReactNode>;
  setValues: (next: CountryAndZone) => void;
}

interface Props {
  form: CountryZoneForm;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The Country and Timezone selects of a form: the zones offered are the country's (and the
 * current one), and picking a country picks its first zone; a new zone keeps the country.
 */
export function CountryTimezoneSelects({ form, required, disabled }: Props) {
  const { values: value, errors, setValues: onChange } = form;
  const countries = useMemo(() => countryOptions(), []);
  const common = { required, disabled, searchable: true, allowDeselect: false };
  return (
    <>
      <Select
        label="Country"
        data={countries}
        value={value.country}
        error={errors.country}
        onChange={(country) => {
          if (country) onChange({ country, timezone: firstTimezoneOf(country) });
        }}
        {...common}
      />
      <Select
        label="Timezone"
        data={timezoneSelectData(value.country, value.timezone)}
        value={value.timezone}
        error={errors.timezone}
        onChange={(timezone) => {
          if (timezone) onChange({ country: value.country, timezone });
        }}
        {...common}
      />
    </>
  );
}
