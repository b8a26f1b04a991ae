import { Select, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { CANCELLATION_REASONS, DEFAULT_CANCELLATION_REASON } from '@/lib/status/cancellation';

export const cancellationReasonMessages = {
  preset: 'Choose a reason',
  custom: 'Enter a reason',
} as const;

export interface CancellationReasonValues {
  preset: string;
  custom: string;
}

/** A cancel dialog's form (spec part 2 §5): a preset and a custom reason, both required. */
export function useCancellationReasonForm() {
  return useForm<CancellationReasonValues>({
    mode: 'controlled',
    initialValues: { preset: DEFAULT_CANCELLATION_REASON, custom: '' },
    validate: {
      preset: (v) => (v ? null : cancellationReasonMessages.preset),
      custom: (v) => (v.trim() ? null : cancellationReasonMessages.custom),
    },
  });
}

/**
 * The Reason and Custom reason fields. The instructions' dialog marks them required to assistive
 * technology and grows the custom box as it is typed in; the placements' dialog shows the
 * asterisk only and a box of three rows.
 */
export function CancellationReasonFields({
  form,
  variant,
}: {
  form: UseFormReturnType<CancellationReasonValues>;
  variant: 'instructions' | 'placements';
}) {
  const required = variant === 'instructions' ? { required: true } : { withAsterisk: true };
  const customRows = variant === 'instructions' ? { autosize: true, minRows: 2 } : { rows: 3 };
  return (
    <>
      <Select
        label="Reason"
        data={[...CANCELLATION_REASONS]}
        allowDeselect={false}
        {...required}
        {...form.getInputProps('preset')}
      />
      <Textarea
        label="Custom reason"
        {...required}
        {...customRows}
        maxLength={400}
        {...form.getInputProps('custom')}
      />
    </>
  );
}
