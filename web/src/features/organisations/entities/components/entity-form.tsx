import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { refusedSubmit, withServerErrors } from '@/lib/notify';
import { stripWhitespace } from '@/lib/validation';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '@/lib/countries';
import { CountryTimezoneSelects } from '@/ui/country-timezone-selects';
import { FormActions } from '@/ui/form-actions';
import { daysOf } from '@/features/organisations/shared/rules';
import {
  bindFields,
  CancelWindowInput,
} from '@/features/organisations/shared/components/form-fields';
import {
  ENTITY_TYPES,
  entityMessages,
  entityTypeLabel,
  validateCancelWindowDays,
  validateEntityName,
  type EntityFormValues,
  type EntityType,
} from '../rules';

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
    mode: 'controlled',
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
      cancelWindowDays: daysOf(v.cancelWindowDays),
    }),
  });
  const field = bindFields(form, disabled);
  const types = typeOptions ?? ENTITY_TYPES.map((t) => ({ value: t, label: entityTypeLabel(t) }));

  return (
    <form
      noValidate
      aria-label="Entity details"
      onSubmit={form.onSubmit(withServerErrors(form, onSubmit), refusedSubmit)}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...field('name')} />
          <Select
            label="Type"
            required
            data={types}
            allowDeselect={false}
            description={locked ? 'The type cannot change once set.' : undefined}
            {...field('type')}
            disabled={disabled || locked}
          />
          <TextInput label="Email" type="email" {...field('email')} />
          <CancelWindowInput {...field('cancelWindowDays')} />
          <CountryTimezoneSelects form={form} disabled={disabled} />
        </SimpleGrid>
        {!disabled && <FormActions submitting={form.submitting}>{submitLabel}</FormActions>}
      </Stack>
    </form>
  );
}
