import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, type ReactNode } from 'react';
import { refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import {
  AddressFields,
  bindFields,
  CancelWindowInput,
} from '@/features/organisations/shared/components/form-fields';
import { stripWhitespace } from '@/lib/validation';
import { allTimezones, DEFAULT_TIMEZONE } from '@/lib/countries';
import {
  daysOf,
  validateDays,
  validateName,
  validateOptionalEmail,
} from '@/features/organisations/shared/rules';

export interface DepartmentFormValues {
  name: string;
  email: string;
  phone: string;
  timezone: string;
  cancelWindowDays: number | string;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
}

/** What the form submits: trimmed text, the email without whitespace, days as a number. */
export interface DepartmentFormOutput {
  name: string;
  email: string;
  phone: string;
  timezone: string;
  cancelWindowDays: number;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
}

export const emptyDepartment: DepartmentFormValues = {
  name: '',
  email: '',
  phone: '',
  timezone: DEFAULT_TIMEZONE,
  cancelWindowDays: 0,
  address1: '',
  address2: '',
  address3: '',
  address4: '',
};

interface Props {
  initialValues?: Partial<DepartmentFormValues>;
  submitLabel: string;
  /** Resolves when saved; a rejection is shown on the form (422 onto fields, else a toast). */
  onSubmit: (values: DepartmentFormOutput) => Promise<unknown>;
  onCancel?: () => void;
  /** Shows the address lines (the edit page); the quick create form leaves them out. */
  withAddress?: boolean;
  /** Extra fields above the name, e.g. the client picker when creating from the grid. */
  before?: ReactNode;
  /** Extra validation run with the form's own (e.g. a client must be picked). */
  validateExtra?: () => boolean;
  disabled?: boolean;
}

/** Department details: name required, email optional, timezone and cancel window (days). */
export function DepartmentForm({
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
  withAddress = false,
  before,
  validateExtra,
  disabled = false,
}: Props) {
  const form = useForm<DepartmentFormValues, DepartmentFormOutput>({
    mode: 'controlled',
    initialValues: { ...emptyDepartment, ...initialValues },
    validate: {
      name: validateName,
      email: validateOptionalEmail,
      cancelWindowDays: validateDays,
    },
    transformValues: (v) => ({
      name: v.name.trim(),
      email: stripWhitespace(v.email),
      phone: v.phone.trim(),
      timezone: v.timezone || DEFAULT_TIMEZONE,
      cancelWindowDays: daysOf(v.cancelWindowDays),
      address1: v.address1.trim(),
      address2: v.address2.trim(),
      address3: v.address3.trim(),
      address4: v.address4.trim(),
    }),
  });
  const zones = useMemo(() => allTimezones(), []);
  const field = bindFields(form, disabled);
  const save = withServerErrors(form, onSubmit);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        async (values) => {
          if (validateExtra && !validateExtra()) return;
          await save(values);
        },
        (errors, values, event) => {
          validateExtra?.();
          refusedSubmit(errors, values, event);
        },
      )}
    >
      <Stack gap="sm">
        {before}
        <TextInput label="Name" required {...field('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Email" type="email" {...field('email')} />
          <TextInput label="Phone" type="tel" {...field('phone')} />
          <Select
            label="Timezone"
            data={zones}
            searchable
            allowDeselect={false}
            {...field('timezone')}
          />
          <CancelWindowInput {...field('cancelWindowDays')} />
        </SimpleGrid>
        {withAddress && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AddressFields field={field} />
          </SimpleGrid>
        )}
        {!disabled && (
          <FormActions submitting={form.submitting} onCancel={onCancel}>
            {submitLabel}
          </FormActions>
        )}
      </Stack>
    </form>
  );
}
