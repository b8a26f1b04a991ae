import { Group, Text } from '@mantine/core';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin } from '@/lib/permissions';

export function Footer() {
  const user = useCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        © 2023-2024 Hive
      </Text>
      {isAdmin(user) && user.buildId && (
        <Text size="xs" c="dimmed">
          Build {user.buildId}
        </Text>
      )}
    </Group>
  );
}
