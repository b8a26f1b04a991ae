import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';

/** What a card shows of an invitation (GET /invitation/by-user/{id} rows fit). */
export interface InvitationCardData {
  id: number;
  email: string;
  message: string;
  purpose: 'freelancer' | 'staff' | 'other';
  entity?: { id: number; name: string } | null;
  invitedBy?: { id: number; fullName: string } | null;
}

export type InvitationAnswer = 'accepted' | 'rejected';

const purposeLabel: Record<InvitationCardData['purpose'], string> = {
  freelancer: 'Freelancer',
  staff: 'Staff',
  other: 'Other',
};

interface Props {
  invitation: InvitationCardData;
  /** The answer being sent for this card, if any. */
  pending?: InvitationAnswer | null;
  onAnswer: (answer: InvitationAnswer) => void;
}

/** One pending invitation with Accept Invitation and Reject. */
export function InvitationCard({ invitation, pending = null, onAnswer }: Props) {
  const entityName = invitation.entity?.name || 'an organisation';
  const titleId = `invitation-${invitation.id}-title`;
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={titleId}>
            Invitation to join {entityName}
          </Text>
          <Badge variant="light">{purposeLabel[invitation.purpose]}</Badge>
        </Group>
        {invitation.invitedBy?.fullName && (
          <Text size="sm" c="dimmed">
            From {invitation.invitedBy.fullName}
          </Text>
        )}
        {invitation.message && <Text size="sm">{invitation.message}</Text>}
      </Stack>
      <Group mt="sm" gap="xs">
        <Button
          size="xs"
          loading={pending === 'accepted'}
          disabled={pending === 'rejected'}
          onClick={() => onAnswer('accepted')}
        >
          Accept Invitation
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={pending === 'rejected'}
          disabled={pending === 'accepted'}
          onClick={() => onAnswer('rejected')}
        >
          Reject
        </Button>
      </Group>
    </Card>
  );
}
