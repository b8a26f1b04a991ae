import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { inAppLink, isUnread, readStateLabel } from '../rules';
import type { Notification } from '../rules';

/**
 * One notification: subject, when it came, whether it is read, its text and a link to the screen
 * it concerns. `showRecipient` names whose it is (an administrator reading another user's).
 */
export function NotificationDetail({
  notification: n,
  showRecipient,
}: {
  notification: Notification;
  showRecipient: boolean;
}) {
  const link = inAppLink(n.link);
  const unread = isUnread(n);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby="notification-subject">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="notification-subject" style={{ overflowWrap: 'anywhere' }}>
            {n.subject || '(no subject)'}
          </Title>
          <Badge variant={unread ? 'filled' : 'light'} color={unread ? 'blue' : 'gray'}>
            {readStateLabel(n)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Received <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
          {n.readReceipt && (
            <>
              {' · '}read <time dateTime={n.readReceipt}>{formatDateTime(n.readReceipt)}</time>
            </>
          )}
        </Text>
        {showRecipient && (
          <Text size="sm">
            To {n.user.fullName ? `${n.user.fullName} (${n.recipient})` : n.recipient}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {n.bodyText}
        </Text>
        {link && (
          <Group>
            <Button component={Link} to={link} size="sm">
              Open the page it concerns
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The way back to the list this notification was opened from. */
export function BackToList({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      Back to notifications
    </Anchor>
  );
}
