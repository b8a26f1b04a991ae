import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { toastForError } from '@/lib/errors/catalogue';
import type { FlagInfo } from '../rules';
import { FlagCheckboxes } from './flag-checkboxes';

interface Props<K extends string> {
  /** Whose rights are edited, e.g. "Sam Turner in Sport". */
  subject: string;
  flags: FlagInfo<K>[];
  initial: Record<K, boolean>;
  onSave: (values: Record<K, boolean>) => Promise<unknown>;
  onClose: () => void;
}

/** Edit the rights of one link. Mount it only while open: it starts from `initial`. */
export function EditFlagsModal<K extends string>({
  subject,
  flags,
  initial,
  onSave,
  onClose,
}: Props<K>) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Edit rights">
      <Stack gap="sm">
        <Text size="sm">{subject}</Text>
        <FlagCheckboxes flags={flags} values={values} onChange={setValues} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await onSave(values);
                onClose();
              } catch (err) {
                notify(toastForError(err));
              } finally {
                setSaving(false);
              }
            }}
          >
            Save rights
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
