import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { today } from '@/features/bookings';
import { LEGAL_ENTITY_TYPES, legalFormLabels } from '@/features/organisations';
import { jobTitleTagsQueryOptions, skillTagsQueryOptions } from '@/features/people';
import { countryOptions } from '@/lib/countries';
import { notify } from '@/lib/notify';
import { calendarLabels } from '@/ui/calendar-labels';
import {
  pickerBounds,
  rangeTooLong,
  searchMessages,
  withEnd,
  withStart,
  type DateRange,
  NO_LOCATION,
  RADIUS_OPTIONS,
  SEARCH_CURRENCIES,
  submitDisabled,
  type BusinessType,
  type Filters,
  type Radius,
  type SearchAction,
  type SearchCurrency,
  type SearchLocation,
} from '../rules';

const businessTypeOptions = LEGAL_ENTITY_TYPES.map((t) => ({
  value: t,
  label: legalFormLabels[t] ?? t,
}));

const radiusOptions = RADIUS_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

const tagOptions = (tags: { id: number; name: string }[] | null | undefined) =>
  (tags ?? []).map((t) => ({ value: String(t.id), label: t.name }));

/** A tag filter (skills or job titles): its options are the tags the query loaded. */
function TagSelect({
  label,
  tags,
  value,
  onChange,
}: {
  label: string;
  tags: { data?: { id: number; name: string }[] | null; isError: boolean };
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const noun = label.toLowerCase();
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${noun}` }}
      data={tagOptions(tags.data)}
      value={value}
      onChange={onChange}
      error={tags.isError ? `Could not load the ${noun}` : undefined}
    />
  );
}

/** One end of the Daily Rate range; blank, or an amount of 0, is no bound. */
function RateBoundInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <NumberInput
      label={label}
      min={0}
      decimalScale={2}
      value={value ?? ''}
      onChange={(v) => onChange(Number(v) || null)}
    />
  );
}

/** The location field: the shared place picker, given by the caller. */
export type LocationField = ComponentType<{
  value: SearchLocation | null;
  onChange: (value: SearchLocation | null) => void;
}>;

interface Props {
  opened: boolean;
  filters: Filters;
  dispatch: (a: SearchAction) => void;
  location: LocationField;
}

/**
 * The Freelancer Advanced Search modal (spec part 1 §2 and §5): Daily Rate, Skills, Job Titles,
 * Country, Location with radius, Business Type and a Date Range; Submit and Reset.
 */
export function AdvancedSearchModal({ opened, filters: f, dispatch, location: Location }: Props) {
  const skills = useQuery({ ...skillTagsQueryOptions(), enabled: opened });
  const jobTitles = useQuery({ ...jobTitleTagsQueryOptions(), enabled: opened });
  const set = (change: Partial<Filters>) => dispatch({ type: 'setFilters', change });
  const range: DateRange = { startDate: f.startDate, endDate: f.endDate };
  const bounds = pickerBounds(range, today());

  const setRange = (next: DateRange) => {
    if (rangeTooLong(next)) notify(searchMessages.rangeTooLong);
    set(next);
  };

  const submit = () => {
    if (f.addRange && rangeTooLong(range)) {
      notify(searchMessages.rangeTooLong);
      return;
    }
    dispatch({ type: 'submit' });
  };

  const hasLocation = f.location.location_name !== '';

  return (
    <Modal
      opened={opened}
      onClose={() => dispatch({ type: 'closeFilters' })}
      title="Freelancer Advanced Search"
      size="lg"
    >
      <form
        noValidate
        aria-label="Freelancer Advanced Search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Fieldset legend="Daily Rate">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Select
                label="Currency"
                allowDeselect={false}
                data={SEARCH_CURRENCIES as SearchCurrency[]}
                value={f.currency}
                onChange={(v) => v && set({ currency: v as SearchCurrency })}
              />
              <RateBoundInput
                label="From"
                value={f.minRate}
                onChange={(value) => dispatch({ type: 'setRate', bound: 'minRate', value })}
              />
              <RateBoundInput
                label="To"
                value={f.maxRate}
                onChange={(value) => dispatch({ type: 'setRate', bound: 'maxRate', value })}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend="Skills and Job Titles">
            <Text size="sm" mb="xs">
              {searchMessages.everyTagMustMatch}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TagSelect
                label="Skills"
                tags={skills}
                value={f.skills}
                onChange={(skills) => set({ skills })}
              />
              <TagSelect
                label="Job Titles"
                tags={jobTitles}
                value={f.jobTitles}
                onChange={(jobTitles) => set({ jobTitles })}
              />
            </SimpleGrid>
          </Fieldset>

          <MultiSelect
            label="Country"
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear countries' }}
            data={countryOptions()}
            value={f.countries}
            onChange={(countries) => set({ countries })}
          />

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Location
              value={hasLocation ? f.location : null}
              // Without a location there is no radius (the server refuses one).
              onChange={(v) => set(v ? { location: v } : { location: NO_LOCATION, radius: 0 })}
            />
            <Select
              label="Radius"
              placeholder={hasLocation ? 'Any distance' : 'Choose a location first'}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the radius' }}
              disabled={!hasLocation}
              data={radiusOptions}
              value={f.radius ? String(f.radius) : null}
              onChange={(v) => set({ radius: (v ? Number(v) : 0) as Radius })}
            />
          </SimpleGrid>

          <Select
            label="Business Type"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the business type' }}
            data={businessTypeOptions}
            value={f.businessType || null}
            onChange={(v) => set({ businessType: (v ?? '') as BusinessType })}
          />

          <Stack gap="xs">
            <Checkbox
              label="Date Range"
              description="Only freelancers free on every day of it"
              checked={f.addRange}
              onChange={(e) => set({ addRange: e.currentTarget.checked })}
            />
            {f.addRange && (
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <DatePickerInput
                  label="Start Date"
                  placeholder="Pick a date"
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the start date' }}
                  ariaLabels={calendarLabels}
                  minDate={bounds.startMin}
                  value={f.startDate || null}
                  onChange={(v) => setRange(withStart(range, v ?? ''))}
                  valueFormat="ddd, DD MMM YYYY"
                />
                <DatePickerInput
                  label="End Date"
                  placeholder="Pick a date"
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the end date' }}
                  ariaLabels={calendarLabels}
                  defaultDate={f.startDate || undefined}
                  minDate={bounds.endMin}
                  maxDate={bounds.endMax}
                  value={f.endDate || null}
                  onChange={(v) => setRange(withEnd(range, v ?? ''))}
                  valueFormat="ddd, DD MMM YYYY"
                />
              </SimpleGrid>
            )}
          </Stack>

          <Group justify="flex-end">
            <Button variant="default" onClick={() => dispatch({ type: 'reset' })}>
              Reset
            </Button>
            <Button type="submit" disabled={submitDisabled(f)}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
