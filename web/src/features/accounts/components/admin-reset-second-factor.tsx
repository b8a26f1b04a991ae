import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useResetSecondFactor } from '../api/reset-second-factor';

/**
 * 'Reset second factor' in a user's Administration section (administrators, for another user):
 * for someone who lost their authenticator app and their recovery codes. The server removes it,
 * ends every session of the user, mails them and records it in the history; the dialog says so
 * before the admin confirms, and shows the server's reason for a refusal (no second factor, or
 * the admin's own).
 */
export function AdminResetSecondFactor({ userId, name }: { userId: number; name: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reset = useResetSecondFactor();
  const dismiss = () => {
    close();
    setRefusal(null);
  };
  const confirm = async () => {
    setRefusal(null);
    try {
      await reset.mutateAsync(userId);
      notify(toasts.secondFactorReset);
      dismiss();
    } catch (err) {
      const message = isApiError(err) && err.message ? err.message : 'Cannot complete request';
      setRefusal(message);
      notify(
        isApiError(err)
          ? toasts.errorCode(err.errorCode || String(err.status), message)
          : toasts.serverError,
      );
    }
  };
  return (
    <>
      <Button type="button" variant="light" size="xs" color="red" onClick={open}>
        Reset second factor
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Reset second factor">
        <Stack gap="sm">
          <Text size="sm">
            Removes the two-step sign-in of {name}: their authenticator app and recovery codes stop
            working, every session of {name} ends, and they are told by e-mail. Do this only when
            you are sure it is them asking.
          </Text>
          {refusal && (
            <Alert color="red" title="Not reset" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button color="red" loading={reset.isPending} onClick={() => void confirm()}>
              Reset second factor
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
