import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { useCurrentUser } from '@/lib/current-user';
import { paths, useRecordIdParam } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { RecordNotFound } from '@/ui/record-not-found';
import { notificationQueryOptions } from '../api/get-notification';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { BackToList, NotificationDetail } from '../components/notification-detail';
import { listUserOf } from '../list-user';
import { isUnread } from '../read-state';
import { loadFailureText } from '@/lib/errors/refusal';

/**
 * /notifications/:id: one notification. Its recipient opening it unread marks it read (once);
 * an administrator reading someone else's leaves it as it is (the server lets only the recipient
 * set the read receipt).
 */
export function Component() {
  const [search] = useSearchParams();
  const me = useCurrentUser();
  const { id, valid } = useRecordIdParam();
  const listUser = listUserOf(search, me.id);
  const back = listUser ? paths.notificationsOfUser(listUser) : paths.notifications;
  const notification = useQuery({ ...notificationQueryOptions(id), enabled: valid });
  const { mutate: markRead } = useMarkNotificationRead();

  const n = notification.data;
  const mine = !!n && n.user.id === me.id;
  // One read receipt per opened notification, however often the page renders.
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!n || !mine || !isUnread(n) || marked.current === n.id) return;
    marked.current = n.id;
    markRead(n.id);
  }, [n, mine, markRead]);

  if (
    !valid ||
    (notification.isError &&
      isApiError(notification.error) &&
      [403, 404].includes(notification.error.status))
  ) {
    return (
      <RecordNotFound
        title="Notification not found"
        message="This notification does not exist, or it is not yours to read."
        back={<BackToList to={back} />}
      />
    );
  }
  if (notification.isPending) return <Loader aria-label="Loading the notification" />;
  if (notification.isError) {
    return (
      <Alert color="red" title="Could not load the notification" role="alert">
        <Text size="sm" mb="sm">
          {loadFailureText(notification.error)}
        </Text>
        <Button size="xs" variant="outline" color="red" onClick={() => void notification.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title="Notification">
        <BackToList to={back} />
      </PageHeader>
      <NotificationDetail notification={notification.data} showRecipient={!mine} />
    </Stack>
  );
}
