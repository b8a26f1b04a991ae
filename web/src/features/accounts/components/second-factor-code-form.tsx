import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { Toast } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { FormTextInput } from '@/ui/form-fields';

/** What the code field asks for, one text for every screen that asks. */
export const CODE_REQUIRED = 'Enter the code from your authenticator app, or a recovery code.';

interface Props {
  loading: boolean;
  submitLabel: string;
  /** Whether a recovery code may be given instead of the app's code (not when enrolling). */
  allowRecovery?: boolean;
  /** Resolves on success; a rejection's field error (a wrong or used code) shows on the field. */
  onSubmit: (code: string) => Promise<unknown>;
  /** The toast for the failure (field errors set already), and the failure itself. */
  onError: (toast: Toast, err: unknown) => void;
}

/**
 * One field for a code from the authenticator app (or a recovery code) and its button. The field
 * has focus on load, and the browser may fill it from a one-time-code source.
 */
export function SecondFactorCodeForm({
  loading,
  submitLabel,
  allowRecovery = true,
  onSubmit,
  onError,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (v) => (v.trim() ? null : CODE_REQUIRED) },
  });
  useEffect(() => input.current?.focus(), []);

  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={form.onSubmit(async ({ code }) => {
        if (loading) return;
        try {
          await onSubmit(code.trim());
        } catch (err) {
          onError(applyServerErrors(form, err), err);
        }
      })}
    >
      <Stack gap="sm">
        <FormTextInput
          form={form}
          name="code"
          ref={input}
          label="Code"
          description={
            allowRecovery
              ? 'Six digits from your authenticator app, or one of your recovery codes.'
              : 'The six digits your authenticator app shows now.'
          }
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={64}
        />
        <Button type="submit" loading={loading} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
