import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { messages, stripWhitespace, validateEmail } from '@/lib/validation';
import { DialogForm } from '@/ui/dialog-form';
import { PasswordField } from '@/ui/password-field';
import { useChangeEmail } from '../api/change-email';

interface Values {
  newEmail: string;
  currentPassword: string;
}

/**
 * 'Change email' on one's own profile: asks for the new address and the current password; the
 * address changes only when the link the server mails to the new address is opened.
 */
export function ChangeEmail() {
  const [opened, { open, close }] = useDisclosure(false);
  const [sent, setSent] = useState<string | null>(null);
  const change = useChangeEmail();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: {
      newEmail: validateEmail,
      currentPassword: (v) => (v ? null : messages.passwordRequired),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await change.mutateAsync({
        newEmail: stripWhitespace(values.newEmail),
        currentPassword: values.currentPassword,
      });
      setSent(res.message);
      form.reset();
    } catch (err) {
      notify(applyServerErrors(form, err));
    }
  });
  const dismiss = () => {
    close();
    setSent(null);
    form.reset();
  };

  return (
    <>
      <Button type="button" variant="light" size="xs" onClick={open}>
        Change email
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Change email">
        {sent ? (
          <Stack gap="md">
            <Alert color="blue" title="Check your new address" role="status">
              {sent}
            </Alert>
            <Button onClick={dismiss}>Close</Button>
          </Stack>
        ) : (
          <DialogForm aria-label="Change email" onSubmit={submit}>
            <Stack gap="sm">
              <TextInput
                label="New email address"
                type="email"
                required
                autoComplete="email"
                {...form.getInputProps('newEmail')}
              />
              <PasswordField
                label="Current password"
                required
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
              <Button type="submit" loading={change.isPending}>
                Send confirmation link
              </Button>
            </Stack>
          </DialogForm>
        )}
      </Modal>
    </>
  );
}
