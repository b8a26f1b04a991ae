import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { useRecordQuery } from '@/lib/record-query';
import { PageHeader } from '@/ui/page-header';
import { RecordLoadStates } from '@/ui/record-not-found';
import { notificationQueryOptions } from '../api/get-notification';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { BackToList, NotificationDetail } from '../components/notification-detail';
import { listUserOf, isUnread } from '../rules';
import { loadFailureText } from '@/lib/errors/refusal';

/**
 * /notifications/:id: one notification. Its recipient opening it unread marks it read (once);
 * an administrator reading someone else's leaves it as it is (the server lets only the recipient
 * set the read receipt).
 */
export function Component() {
  const [search] = useSearchParams();
  const me = useCurrentUser();
  const listUser = listUserOf(search, me.id);
  const back = listUser ? paths.notificationsOfUser(listUser) : paths.notifications;
  const record = useRecordQuery(notificationQueryOptions);
  const notification = record.query;
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

  if (!notification.isSuccess) {
    return (
      <RecordLoadStates
        record={record}
        what="the notification"
        notFound={{
          title: 'Notification not found',
          message: 'This notification does not exist, or it is not yours to read.',
          back: <BackToList to={back} />,
        }}
        notFoundStatuses={[403, 404]}
        failureText={loadFailureText(notification.error)}
      />
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
