import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requiredTitle } from '../rules';

export interface JobTemplateFormValues {
  title: string;
  description: string;
}

/** Title and description of a job template; the page adds the department where needed. */
export function JobTemplateForm({
  initialValues,
  submitLabel,
  onSubmit,
  children,
}: {
  initialValues: JobTemplateFormValues;
  submitLabel: string;
  onSubmit: (v: JobTemplateFormValues) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  const form = useForm({ initialValues, validate: { title: requiredTitle } });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onSubmit({ ...v, title: v.title.trim() });
        } catch (e) {
          form.setFieldError('title', e instanceof Error ? e.message : String(e));
        }
      })}
    >
      <Stack gap="sm">
        {children}
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
