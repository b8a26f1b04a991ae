import { Alert, Button, Stack } from '@mantine/core';
import { FormTextInput } from '@/ui/form-fields';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { stripWhitespace, validateEmail } from '@/lib/validation';

type SendLink = UseMutationResult<{ message: string }, unknown, { email: string }>;

/** The e-mail form that asks the server to send a password reset link. */
export function ResetLinkForm({
  send,
  submitLabel,
  initialEmail = '',
}: {
  send: SendLink;
  submitLabel: string;
  initialEmail?: string;
}) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: { email: validateEmail },
    transformValues: (v) => ({ email: stripWhitespace(v.email) }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        send.mutate(values, {
          onSuccess: (res) => notify(toasts.resetLinkSent(res.message)),
          onError: (err) => notify(applyServerErrors(form, err)),
        }),
      )}
    >
      <Stack gap="sm">
        {send.isSuccess && (
          <Alert color="blue" title="Check your email">
            {send.data.message}
          </Alert>
        )}
        <FormTextInput form={form} name="email" label="Email" type="email" autoComplete="email" />
        <Button type="submit" loading={send.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
