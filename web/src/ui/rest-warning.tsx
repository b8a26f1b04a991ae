import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The working-time guard's mark on a candidate (available suppliers, search results): the
 * server's message, which names the job in the way, shown in full with a warning icon, so that
 * it reads the same on a phone and to a screen reader ("Rest warning: ...").
 */
export function RestWarning({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid="rest-warning">
      <IconAlertTriangle
        size={14}
        aria-hidden="true"
        color="var(--mantine-color-orange-8)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="xs" c="orange.9">
        <Text span fw={600} size="xs">
          Rest warning:
        </Text>{' '}
        {message}
      </Text>
    </Group>
  );
}
