import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Rename and delete buttons of one tag (delete asks first). */
export function TagActions({
  name,
  onRename,
  onDelete,
  deleting,
}: {
  name: string;
  onRename: () => void;
  onDelete: () => void;
  deleting?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="light" onClick={onRename} aria-label={`Rename ${name}`}>
        Rename
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        loading={deleting}
        aria-label={`Delete ${name}`}
        onClick={() =>
          modals.openConfirmModal({
            title: 'Delete tag',
            children: <Text size="sm">Delete the tag “{name}” and its uses?</Text>,
            labels: { confirm: 'Delete', cancel: 'Cancel' },
            confirmProps: { color: 'red' },
            onConfirm: onDelete,
          })
        }
      >
        Delete
      </Button>
    </Group>
  );
}
