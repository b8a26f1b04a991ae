import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { PageHeader } from '@/ui/page-header';
import { recipientQueryOptions } from '../api/get-recipient';
import { NotificationList } from '../components/notification-list';
import { listUserOf } from '../rules';
import { NotificationSettings } from '../settings/components/notification-settings';
import { ThisDevice } from '../push/components/this-device';

type Tab = 'notifications' | 'settings';

/** The title of an administrator's read of one user's notifications. */
function UserTitle({ userId }: { userId: number }) {
  const user = useQuery(recipientQueryOptions(userId));
  const name = user.data ? user.data.fullName || user.data.email : `user ${userId}`;
  return <PageHeader title={`Notifications of ${name}`} />;
}

/**
 * /notifications: the caller's notifications and, in a second tab, their settings; with
 * ?userId=ID an administrator reads that user's list (the server refuses anyone else), read-only
 * and without settings.
 */
export function Component() {
  const me = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const userId = listUserOf(search, me.id);

  if (userId) {
    return (
      <Stack gap="md">
        <UserTitle userId={userId} />
        <Text size="sm" c="dimmed">
          Read-only: opening one does not mark it read.
        </Text>
        <NotificationList userId={userId} />
      </Stack>
    );
  }

  const tab: Tab = search.get('tab') === 'settings' ? 'settings' : 'notifications';
  const choose = (value: string | null) =>
    setSearch(value === 'settings' ? { tab: 'settings' } : {}, { replace: true });

  return (
    <Stack gap="md">
      <PageHeader title="Notifications" />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationList userId={null} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Stack gap="xl">
            <NotificationSettings />
            <ThisDevice />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
