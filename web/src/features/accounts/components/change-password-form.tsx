import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/errors/form-errors';
import type { Toast } from '@/lib/errors/catalogue';
import { messages, validateNewPassword } from '@/lib/validation';
import { FormPasswordField } from '@/ui/form-fields';
import type { ChangePasswordInput } from '../api/change-password';

interface Props {
  loading: boolean;
  /** Resolves on success; a rejection's field errors (e.g. a wrong current password) show inline. */
  onSubmit: (values: ChangePasswordInput) => Promise<unknown>;
  onError: (toast: Toast) => void;
}

/** Current and new password; the new one follows the rule for any password being set. */
export function ChangePasswordForm({ loading, onSubmit, onError }: Props) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: {
      currentPassword: (v) => (v ? null : messages.passwordRequired),
      newPassword: validateNewPassword,
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        if (loading) return;
        try {
          await onSubmit(values);
          form.reset();
        } catch (err) {
          onError(applyServerErrors(form, err));
        }
      })}
    >
      <Stack gap="sm" maw={420}>
        <FormPasswordField
          form={form}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <FormPasswordField
          form={form}
          name="newPassword"
          label="New password"
          description="8 to 50 characters."
          autoComplete="new-password"
        />
        <Button type="submit" loading={loading} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
