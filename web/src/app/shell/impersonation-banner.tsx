import { Button, Group, Text } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useCurrentUser } from '@/lib/current-user';
import { useEndImpersonation } from './use-end-impersonation';

/** The banner's height in pixels: the shell's header grows by it while impersonating. */
export const IMPERSONATION_BANNER_HEIGHT = 40;

/**
 * Across the top of every screen while an administrator acts as someone else: whom they act as,
 * and the way back. Yellow 3 behind dark 9 text keeps well above 4.5:1.
 */
export function ImpersonationBanner() {
  const user = useCurrentUser();
  const cancel = useEndImpersonation();
  return (
    <Group
      component="section"
      aria-label="Impersonation"
      h={IMPERSONATION_BANNER_HEIGHT}
      px="sm"
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      bg="yellow.3"
    >
      <Text size="sm" fw={600} c="dark.9" truncate title={user.fullName || user.email}>
        {`You are impersonating ${user.fullName || user.email}`}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconUserOff size={16} aria-hidden="true" />}
        loading={cancel.isPending}
        onClick={() => cancel.mutate()}
        style={{ flexShrink: 0 }}
      >
        Cancel Impersonation
      </Button>
    </Group>
  );
}
