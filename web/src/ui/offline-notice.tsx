import { Alert, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useOffline } from '@/lib/offline';

/** What the notice says while offline: which copy is shown, and that answers wait. */
export function offlineMessage(what: string, syncedAt: string | null): string {
  return syncedAt
    ? `Offline: showing ${what} as of ${formatDateTime(syncedAt)}.`
    : `Offline: ${what} cannot be refreshed.`;
}

export const OFFLINE_ANSWERS = 'Answers are turned off until you are back online.';

/**
 * Says, while the app is offline, that the page shows its last synced copy and since when, and
 * that answers are turned off; nothing while online.
 */
export function OfflineNotice({ what }: { what: string }) {
  const { offline, syncedAt } = useOffline();
  if (!offline) return null;
  return (
    <Alert variant="filled" color="dark" role="status" title={offlineMessage(what, syncedAt)}>
      <Text size="sm">{OFFLINE_ANSWERS}</Text>
    </Alert>
  );
}
