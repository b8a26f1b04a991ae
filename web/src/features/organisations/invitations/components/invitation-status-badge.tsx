import { Badge } from '@mantine/core';

export type InvitationStatus = 'pending' | 'accepted' | 'rejected';

const display: Record<InvitationStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue.9' },
  accepted: { label: 'Accepted', color: 'teal.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
};

/** An invitation's status as a badge (dark shades under white text for AA contrast). */
export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const d = display[status];
  return (
    <Badge color={d.color} variant="filled">
      {d.label}
    </Badge>
  );
}
