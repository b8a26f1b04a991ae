import { Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { searchHireableFreelancers } from '@/lib/pickers';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import type { PickerOption } from '@/ui/record-picker';
import { ADMIN_FIELDS, messages, requiredTitle, type JobTemplateFormValues } from '../rules';
import { FormActions } from '@/ui/form-actions';
import { TwoColumnFieldset } from '@/ui/two-column-fieldset';

/**
 * A job template's title, description and preferred freelancers (chosen among those the
 * department may hire), and for administrators its administrative fields. The page adds the
 * department where needed; until one is known there is nobody to prefer. The server's refusals
 * show on their fields.
 */
export function JobTemplateForm({
  initialValues,
  departmentId,
  admin,
  submitLabel,
  onSubmit,
  children,
}: {
  initialValues: JobTemplateFormValues;
  departmentId?: number;
  admin: boolean;
  submitLabel: string;
  onSubmit: (v: JobTemplateFormValues) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  const form = useForm({ initialValues, validate: { title: requiredTitle } });
  // Freelancers chosen for one department are not offered to another: a new department starts
  // an empty list.
  const shownFor = useRef(departmentId);
  useEffect(() => {
    if (shownFor.current === departmentId) return;
    shownFor.current = departmentId;
    form.setFieldValue('preferredUserIds', []);
  }, [departmentId, form]);
  const search = useMemo(
    () =>
      departmentId
        ? searchHireableFreelancers(departmentId)
        : async (): Promise<PickerOption[]> => [],
    [departmentId],
  );
  return (
    <form
      aria-label="Job template"
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onSubmit({ ...v, title: v.title.trim() });
        } catch (e) {
          notify(applyServerErrors(form, e));
        }
      })}
    >
      <Stack gap="sm">
        {children}
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <MultiRecordPicker
          key={departmentId ?? 'none'}
          kind={`hireable:${departmentId ?? 'none'}`}
          label="Preferred Freelancers"
          description={departmentId ? messages.preferredHint : messages.preferredNeedsDepartment}
          placeholder={departmentId ? 'Search freelancers' : undefined}
          disabled={!departmentId}
          search={search}
          value={form.values.preferredUserIds}
          onChange={(v) => form.setFieldValue('preferredUserIds', v)}
          error={form.errors.preferredUserIds}
        />
        {admin && (
          <TwoColumnFieldset legend="Administration">
            {ADMIN_FIELDS.map((f) => (
              <TextInput key={f.name} label={f.label} {...form.getInputProps(f.name)} />
            ))}
          </TwoColumnFieldset>
        )}
        <FormActions submitting={form.submitting}>{submitLabel}</FormActions>
      </Stack>
    </form>
  );
}
