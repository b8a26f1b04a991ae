import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useAnswerInvitation } from '../api/answer-invitation';
import { myInvitationsQueryOptions } from '../api/get-my-invitations';
import { InvitationCard } from './invitation-card';

/** The user's pending invitations as cards; a card disappears once answered. */
export function PendingInvitations({ userId }: { userId: number }) {
  const invitations = useQuery(myInvitationsQueryOptions(userId));
  const answer = useAnswerInvitation();
  const items = (invitations.data?.items ?? []).filter((i) => i.status === 'pending');

  return (
    <section aria-labelledby="invitations-title">
      <Title order={2} size="h4" id="invitations-title" mb="xs">
        Invitations
      </Title>
      {invitations.isPending ? (
        <Loader size="sm" aria-label="Loading invitations" />
      ) : invitations.isError ? (
        <Alert color="red" title="Could not load your invitations" />
      ) : items.length === 0 ? (
        <Text c="dimmed">You have no pending invitations.</Text>
      ) : (
        <Stack gap="sm">
          {items.map((i) => (
            <InvitationCard
              key={i.id}
              invitation={i}
              pending={
                answer.isPending && answer.variables.id === i.id ? answer.variables.status : null
              }
              onAnswer={(status) =>
                answer.mutate(
                  { id: i.id, status, version: i.version },
                  {
                    onSuccess: () =>
                      notify(
                        status === 'accepted'
                          ? toasts.invitationAccepted(i.entity.name)
                          : toasts.invitationRejected,
                      ),
                  },
                )
              }
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
