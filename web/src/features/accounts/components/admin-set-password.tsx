import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { validateNewPassword } from '@/lib/validation';
import { DialogForm } from '@/ui/dialog-form';
import { PasswordField } from '@/ui/password-field';
import { useSetPassword } from '../api/set-password';

interface Values {
  password: string;
  confirm: string;
}

/** The confirmation's message when it differs from the new password. */
export const PASSWORDS_DIFFER = 'The passwords do not match.';

/**
 * 'Set Password' in a user's Administration section (administrators only, spec part 1 §7):
 * a new password (the rule of any new password) typed twice. The server ends every session of
 * that user and revokes their calendar feed; the dialog says so before the admin confirms.
 */
export function AdminSetPassword({ userId, name }: { userId: number; name: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const setPassword = useSetPassword();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: validateNewPassword,
      confirm: (v, values) => (v === values.password ? null : PASSWORDS_DIFFER),
    },
  });
  const dismiss = () => {
    close();
    setRefusal(null);
    form.reset();
  };
  const submit = form.onSubmit(async ({ password }) => {
    setRefusal(null);
    try {
      const res = await setPassword.mutateAsync({ id: userId, password });
      notify(toasts.passwordReset(res.message));
      dismiss();
    } catch (err) {
      const toast = applyServerErrors(form, err);
      // A refusal's reason stays in the dialog (a 422's land on their fields); the toast is the catalogue's.
      if (isApiError(err) && err.status !== 422 && err.message) setRefusal(err.message);
      notify(toast);
    }
  });

  return (
    <>
      <Button type="button" variant="light" size="xs" onClick={open}>
        Set Password
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Set Password">
        <DialogForm aria-label="Set Password" onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">
              Sets a new password for {name}. Every session of {name} ends and their calendar feed
              link stops working; tell them the new password another way.
            </Text>
            {refusal && (
              <Alert color="red" title="Password not set" role="alert">
                {refusal}
              </Alert>
            )}
            <PasswordField
              label="New password"
              description="8 to 50 characters."
              required
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Confirm new password"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
            />
            <Group justify="flex-end">
              <Button type="button" variant="default" onClick={dismiss}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={setPassword.isPending}>
                Set Password
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      </Modal>
    </>
  );
}
