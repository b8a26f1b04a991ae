import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toastForError } from '@/lib/errors/catalogue';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { RetryAlert } from '@/ui/retry-alert';
import { isApiError } from '@/api/errors';
import { sessionsQueryOptions, useEndSession, type Session } from '../api/sessions';

/**
 * The active sessions of the signed-in user (userId undefined) or, for administrators, of a user:
 * each with its device, address, sign-in time and last use (refreshed at most once a minute), and
 * 'Sign out' to end it. The current session is marked; ending it signs out (onSignedOut).
 */
export function SessionList({
  userId,
  onSignedOut,
}: {
  userId?: number;
  onSignedOut?: () => void;
}) {
  const sessions = useQuery(sessionsQueryOptions(userId));
  const end = useEndSession(userId, { onSignedOut });

  if (sessions.isPending) return <Loader size="sm" aria-label="Loading sessions" />;
  if (sessions.isError)
    return (
      <RetryAlert title="The sessions could not be loaded" onRetry={() => void sessions.refetch()}>
        {isApiError(sessions.error) && sessions.error.message && (
          <Text size="sm">{sessions.error.message}</Text>
        )}
      </RetryAlert>
    );
  const list = sessions.data ?? [];
  if (list.length === 0) return <Text size="sm">No active sessions.</Text>;
  return (
    <Stack gap="xs">
      {end.isError && isApiError(end.error) && end.error.message && (
        <Alert color="red" role="alert" title="The session was not ended">
          {end.error.message}
        </Alert>
      )}
      <Stack
        gap="xs"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Active sessions"
      >
        {list.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            ending={end.isPending && end.variables?.id === s.id}
            onEnd={() => end.mutate(s, { onError: (err) => notify(toastForError(err)) })}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: Session;
  ending: boolean;
  onEnd: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" aria-label={session.device}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500} size="sm">
              {session.device}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light">
                This session
              </Badge>
            )}
          </Group>
          <Text size="sm">Address: {session.address || 'Unknown'}</Text>
          <Text size="sm">Signed in: {formatDateTime(session.signedInAt)}</Text>
          <Text size="sm">Last used: {formatDateTime(session.lastUsedAt)}</Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={ending}
          onClick={onEnd}
          aria-label={session.current ? 'Sign out of this session' : `Sign out ${session.device}`}
        >
          Sign out
        </Button>
      </Group>
    </Paper>
  );
}
