import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { stripWhitespace } from '@/lib/validation';
import {
  DEFAULT_COUNTRY,
  DEFAULT_TIMEZONE,
  countryOptions,
  firstTimezoneOf,
  timezoneSelectData,
} from '@/lib/countries';
import {
  ENTITY_TYPES,
  entityMessages,
  entityTypeLabel,
  validateCancelWindowDays,
  validateEntityName,
  type EntityFormValues,
  type EntityType,
} from '../entity-rules';

/** What the form submits: trimmed text, days as a number. */
export interface EntityFormOutput {
  name: string;
  type: EntityType;
  email: string;
  country: string;
  timezone: string;
  cancelWindowDays: number;
}

export const emptyEntity: EntityFormValues = {
  name: '',
  type: '',
  email: '',
  country: DEFAULT_COUNTRY,
  timezone: DEFAULT_TIMEZONE,
  cancelWindowDays: 0,
};

interface Props {
  initialValues?: Partial<EntityFormValues>;
  /** The type options (create). When absent the type is shown locked (edit). */
  typeOptions?: { value: EntityType; label: string }[];
  submitLabel: string;
  /** Resolves when saved; a rejection is shown on the form (422 onto fields, else a toast). */
  onSubmit: (values: EntityFormOutput) => Promise<unknown>;
  /** Read only (a viewer who may not edit). */
  disabled?: boolean;
}

/** Entity details: name and type required (type locked once set), primary location, cancel window. */
export function EntityForm({
  initialValues,
  typeOptions,
  submitLabel,
  onSubmit,
  disabled = false,
}: Props) {
  const locked = !typeOptions;
  const form = useForm<EntityFormValues, EntityFormOutput>({
    mode: 'uncontrolled',
    initialValues: { ...emptyEntity, ...initialValues },
    validate: {
      name: validateEntityName,
      type: (v) => (v ? null : entityMessages.required),
      cancelWindowDays: validateCancelWindowDays,
    },
    transformValues: (v) => ({
      name: v.name.trim(),
      type: v.type as EntityType,
      email: stripWhitespace(v.email),
      country: v.country,
      timezone: v.timezone || DEFAULT_TIMEZONE,
      cancelWindowDays: v.cancelWindowDays === '' ? 0 : Number(v.cancelWindowDays),
    }),
  });
  const [country, setCountry] = useState(form.getValues().country);
  const [timezone, setTimezone] = useState(form.getValues().timezone);
  form.watch('country', ({ value }) => setCountry(value));
  form.watch('timezone', ({ value }) => setTimezone(value));
  const zones = useMemo(() => timezoneSelectData(country, timezone), [country, timezone]);
  const types = typeOptions ?? ENTITY_TYPES.map((t) => ({ value: t, label: entityTypeLabel(t) }));

  return (
    <form
      noValidate
      aria-label="Entity details"
      onSubmit={form.onSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (err) {
          notify(applyServerErrors(form, err));
        }
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            disabled={disabled}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Select
            label="Type"
            required
            data={types}
            allowDeselect={false}
            disabled={disabled || locked}
            description={locked ? 'The type cannot change once set.' : undefined}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <TextInput
            label="Email"
            type="email"
            disabled={disabled}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NumberInput
            label="Cancel window (days)"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            disabled={disabled}
            key={form.key('cancelWindowDays')}
            {...form.getInputProps('cancelWindowDays')}
          />
          <Select
            label="Country"
            data={countryOptions()}
            searchable
            allowDeselect={false}
            disabled={disabled}
            key={form.key('country')}
            {...form.getInputProps('country')}
            onChange={(value) => {
              const next = value ?? DEFAULT_COUNTRY;
              form.setFieldValue('country', next);
              form.setFieldValue('timezone', firstTimezoneOf(next));
            }}
          />
          <Select
            label="Timezone"
            data={zones}
            searchable
            allowDeselect={false}
            disabled={disabled}
            key={form.key('timezone')}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
