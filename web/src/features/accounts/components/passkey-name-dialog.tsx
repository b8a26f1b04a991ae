import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DialogForm } from '@/ui/dialog-form';
import { checkPasskeyName } from '../rules';

/**
 * The dialog that names a passkey: before the browser creates one (Add passkey), or to rename
 * one. A refusal (the server's reason, or the prompt closed) stays in the dialog.
 */
export function PasskeyNameDialog({
  opened,
  title,
  intro,
  submitLabel,
  initialName,
  busy,
  refusal,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  intro?: string;
  submitLabel: string;
  initialName: string;
  busy: boolean;
  refusal: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialName },
    validate: { name: checkPasskeyName },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (opened) {
      setValues({ name: initialName });
      resetDirty({ name: initialName });
    }
  }, [opened, initialName, setValues, resetDirty]);

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <DialogForm aria-label={title} onSubmit={form.onSubmit(({ name }) => onSubmit(name.trim()))}>
        <Stack gap="sm">
          {intro && <Text size="sm">{intro}</Text>}
          {refusal && (
            <Alert color="red" title="Passkey" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label="Passkey name"
            description="So you can tell your passkeys apart, such as the device that holds it."
            required
            maxLength={60}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
