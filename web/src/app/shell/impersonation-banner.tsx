import { Box, Button, Group, Text } from '@mantine/core';
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
      px="xs"
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      bg="yellow.3"
    >
      <Text size="sm" fw={500} c="dark.9" truncate title={user.fullName || user.email}>
        {`You are impersonating ${user.fullName || user.email}`}
      </Text>
      {/* On a phone the button reads 'Cancel', so the name stays readable beside it. */}
      <Button
        size="compact-sm"
        variant="default"
        aria-label="Cancel Impersonation"
        loading={cancel.isPending}
        onClick={() => cancel.mutate()}
        style={{ flexShrink: 0 }}
      >
        Cancel
        <Box component="span" visibleFrom="xs">
          &nbsp;Impersonation
        </Box>
      </Button>
    </Group>
  );
}
