import { Button, Group } from '@mantine/core';

/** The row actions of a link: edit its rights, disconnect. */
export function LinkActions({
  name,
  onEdit,
  onDisconnect,
}: {
  name: string;
  onEdit: () => void;
  onDisconnect: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      <Button
        size="compact-xs"
        variant="light"
        aria-label={`Edit rights of ${name}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        size="compact-xs"
        variant="outline"
        color="red.9"
        aria-label={`Disconnect ${name}`}
        onClick={onDisconnect}
      >
        Disconnect
      </Button>
    </Group>
  );
}

/** Yes/No for a right in a grid cell. */
export const yesNo = ({ value }: { value: unknown }) => (value ? 'Yes' : 'No');

/** A set filter over a boolean right. */
export const flagFilter = {
  type: 'set' as const,
  options: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
};
